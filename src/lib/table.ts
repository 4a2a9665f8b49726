import Table from 'cli-table3';

/** On a terminal, a table; piped, one tab-separated row a line with nothing truncated or coloured. */
export function printTable(head: string[], rows: string[][], out: NodeJS.WriteStream = process.stdout): void {
  if (!out.isTTY) {
    out.write(rows.map((r) => r.map((c) => c.replace(/[\t\n]/g, ' ')).join('\t')).join('\n') + (rows.length ? '\n' : ''));
    return;
  }
  const table = new Table({ head, style: { head: process.env.NO_COLOR ? [] : ['cyan'], border: [] } });
  table.push(...rows);
  out.write(table.toString() + '\n');
}
