// Times are epoch milliseconds; flags are 0/1 integers, so both engines store them alike.
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: string;
  gender: string;
  picture: string | null;
  password_hash: string | null;
  email_verified: number;
  google_sub: string | null;
  total_prospects_fetched: number;
  total_prospects_mailed: number;
  total_project: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export type CodePurpose = 'verify' | 'reset';

export interface CodesTable {
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  codes: CodesTable;
  rate_limits: RateLimitsTable;
}
