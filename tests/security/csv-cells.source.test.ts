/** CSV exports never hand a spreadsheet a formula, however the formula's first character is written. */
import { describe, expect, it } from "vitest";
import { csvCell } from "~/lib/csv";

describe("csvCell", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+1", `"'+1"`],
    ["-1+2", `"'-1+2"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tx", `"'\tx"`],
    ["\rx", `"'\rx"`],
    // Issue 24: a full-width equals sign, and invisible characters before a formula.
    ["\uff1dHYPERLINK(1)", `"'\uff1dHYPERLINK(1)"`],
    ["\uff0b1", `"'\uff0b1"`],
    ["\uff0d1", `"'\uff0d1"`],
    ["\uff20SUM(A1)", `"'\uff20SUM(A1)"`],
    ["\u200b=HYPERLINK(1)", `"'\u200b=HYPERLINK(1)"`],
    ["\ufeff=1", `"'\ufeff=1"`],
    ["\u2060\u200d+1", `"'\u2060\u200d+1"`],
    [" =1", `"' =1"`],
    ["\u00a0=1", `"'\u00a0=1"`],
    ["\u3000\uff1d1", `"'\u3000\uff1d1"`],
    ["\ufe66cmd", `"'\ufe66cmd"`],
  ])("defuses %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["Guruvayur", `"Guruvayur"`],
    ["ഗുരുവായൂർ", `"ഗുരുവായൂർ"`],
    ["a=b", `"a=b"`],
    ['say "hi"', `"say ""hi"""`],
    [12, `"12"`],
    [null, `""`],
  ])("keeps %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
