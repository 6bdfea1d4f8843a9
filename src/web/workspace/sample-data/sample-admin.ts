// spec 3: sample-only admin user and alert shapes.
export type AdminUserStatus = 'Active' | 'Pending' | 'Suspended';
export type AlertType = 'error' | 'warning' | 'info' | 'success';
export type AlertSeverity = 'low' | 'medium' | 'high';

export interface SampleAdminUser {
  name: string;
  email: string;
  role: 'user' | 'admin';
  status: AdminUserStatus;
  joined: string;
}

export interface SampleAlert {
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  when: string;
}

export const sampleAdminUsers: SampleAdminUser[] = [
  { name: 'Priya Natarajan', email: 'priya@tessera.app', role: 'admin', status: 'Active', joined: 'Mar 2025' },
  { name: 'Leo Fischer', email: 'leo@orbitlabs.dev', role: 'user', status: 'Active', joined: 'Jun 2025' },
  { name: 'Sofia Rossi', email: 'sofia@cantiere.it', role: 'user', status: 'Pending', joined: 'Sep 2025' },
  { name: 'Daniel Kim', email: 'daniel@harborline.com', role: 'user', status: 'Suspended', joined: 'Jan 2025' },
  { name: 'Amara Diallo', email: 'amara@sunroute.africa', role: 'user', status: 'Active', joined: 'Aug 2025' },
];

export const sampleAlerts: SampleAlert[] = [
  { type: 'warning', severity: 'medium', message: 'Email queue delay above 2 minutes', when: '12 min ago' },
  { type: 'error', severity: 'high', message: 'Slack import failed for 1 workspace', when: '1 hour ago' },
  { type: 'info', severity: 'low', message: 'Nightly backup completed in 4 min 12 s', when: '6 hours ago' },
  { type: 'success', severity: 'low', message: 'Database migration 014 applied', when: 'Yesterday' },
];

export const adminStats = [
  { label: 'Total Users', value: '1,248', change: '+32 this week' },
  { label: 'Active Sessions', value: '312', change: 'Peak 401 today' },
  { label: 'Revenue', value: '$18,950', change: '+5% vs last month' },
  { label: 'System Health', value: '99.98%', change: 'All services up' },
] as const;

export const adminActivity = [
  { text: 'Sofia Rossi requested beta access', when: '20 min ago' },
  { text: 'Role of Priya Natarajan changed to admin', when: '2 hours ago' },
  { text: 'Daniel Kim suspended for payment failure', when: 'Yesterday' },
  { text: 'Workspace "Orbit Labs" created', when: '2 days ago' },
];
