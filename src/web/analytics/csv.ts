// A table as CSV (RFC 4180). A cell that a spreadsheet would run as a formula (=, +, -, @) is prefixed
// with an apostrophe: a task title or a person's name is data, never code (CWE-1236).
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: string[], rows: Array<Array<string | number>>) =>
  [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

export function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
