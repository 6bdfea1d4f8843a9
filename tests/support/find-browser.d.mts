export function findBrowser(): Promise<string | null>;
export const BROWSER_HELP: string;
