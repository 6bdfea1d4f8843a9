// A number as our English messages write it: 20,000. The digits are grouped here rather than by
// `toLocaleString('en')`, because the schemas' messages are built when the server starts, and the first
// Intl number format maps 5–6 MB of ICU data into the process for good (idle memory, product rules B4).
export function englishNumber(value: number): string {
  // Like Intl's English, at most three decimals.
  const [whole, fraction] = String(Math.round(value * 1000) / 1000).split('.');
  return whole!.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
}
