import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes what needs quoting and never lets a cell run as a spreadsheet formula', () => {
    expect(
      toCsv(
        ['Assignee', 'Completed'],
        [
          ['Ada, "the" Lovelace', 3],
          ['=HYPERLINK("x")', 1],
          ['-1', -1],
        ],
      ),
    ).toBe('Assignee,Completed\r\n"Ada, ""the"" Lovelace",3\r\n"\'=HYPERLINK(""x"")",1\r\n\'-1,-1\r\n');
  });
});
