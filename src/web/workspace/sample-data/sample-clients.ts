// spec 3: sample-only client shape. Most dashboard content is sample data (spec 1).
export type ClientStatus = 'Active' | 'Pending' | 'Inactive';

export interface SampleClient {
  name: string;
  email: string;
  company: string;
  status: ClientStatus;
  lastContact: string;
}

export const sampleClients: SampleClient[] = [
  { name: 'Maya Okafor', email: 'maya@brightlane.studio', company: 'Brightlane Studio', status: 'Active', lastContact: '2 hours ago' },
  { name: 'Tomás Reyes', email: 'tomas@northpeak.io', company: 'Northpeak Analytics', status: 'Pending', lastContact: 'Yesterday' },
  { name: 'Hannah Lindqvist', email: 'hannah@fjordworks.se', company: 'Fjordworks', status: 'Active', lastContact: '3 days ago' },
  { name: 'Arjun Mehta', email: 'arjun@copperleaf.co', company: 'Copperleaf Co.', status: 'Inactive', lastContact: '2 weeks ago' },
  { name: 'Chloé Martin', email: 'chloe@atelier-nord.fr', company: 'Atelier Nord', status: 'Active', lastContact: '5 days ago' },
];

export const clientStats = [
  { label: 'Total Clients', value: '48', change: '+6 this month' },
  { label: 'Emails Sent', value: '1,284', change: '+12% vs last month' },
  { label: 'Active Projects', value: '17', change: '4 due this week' },
  { label: 'Revenue', value: '$24,600', change: '+8% vs last month' },
] as const;

export const clientActivity = [
  { text: 'Proposal sent to Northpeak Analytics', when: '1 hour ago' },
  { text: 'Maya Okafor approved the homepage mock-ups', when: '3 hours ago' },
  { text: 'Invoice #1042 paid by Fjordworks', when: 'Yesterday' },
  { text: 'Kick-off call booked with Atelier Nord', when: '2 days ago' },
];
