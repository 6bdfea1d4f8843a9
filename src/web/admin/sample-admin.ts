// Everything on /admin is real but Revenue, which stays sample data until billing exists; the
// card says so, and so does the server's answer (`revenue: { sample: true }`).
export const sampleRevenue = { value: '$18,950', change: '+5% vs last month' } as const;
