/**
 * Every requisites checksum with real numbers (published test values and real banks' БИК and
 * correspondent accounts) and broken ones: one changed digit, a wrong length, letters, a hostile
 * length, and the cross-field rules. The zod form (LegalCompanyForm) gives the same messages on
 * the same fields.
 */
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_NEEDS_BIK,
  BIK_COUNTRY,
  BIK_FORMAT,
  CHECKING_ACCOUNT_CHECKSUM,
  CHECKING_ACCOUNT_FORMAT,
  CORRESPONDENT_ACCOUNT_CHECKSUM,
  CORRESPONDENT_ACCOUNT_FORMAT,
  CORRESPONDENT_ACCOUNT_PREFIX,
  INN_CHECKSUM,
  INN_FORMAT,
  INN_MISSING,
  KPP_FORMAT,
  KPP_NOT_FOR_ENTREPRENEUR,
  OGRN_CHECKSUM,
  OGRN_FIRST_DIGIT,
  OGRN_FORMAT,
  OGRN_NOT_FOR_ENTREPRENEUR,
  OGRN_NOT_FOR_ORGANISATION,
  OGRNIP_CHECKSUM,
  OGRNIP_FIRST_DIGIT,
  bikProblem,
  checkingAccountProblem,
  correspondentAccountProblem,
  innProblem,
  kppProblem,
  ogrnProblem,
  requisitesProblems,
} from "./requisites.ts";
import { LegalCompanyForm } from "./profile.ts";

/** Every single-digit change of a valid number (the checksums must catch them all, or say so). */
function oneDigitChanges(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const d = Number(value[i]);
    out.push(value.slice(0, i) + String((d + 1) % 10) + value.slice(i + 1));
  }
  return out;
}

describe("ИНН", () => {
  it("accepts real ones of organisations (10 digits) and persons (12)", () => {
    // ПАО Сбербанк; ПАО «Газпром нефть»; published examples of a person's ИНН.
    for (const inn of ["7707083893", "5504036333", "7830002293", "500100732259", "784806113663"]) expect(innProblem(inn), inn).toBeNull();
  });
  it("refuses a changed digit in any position", () => {
    for (const inn of ["7707083893", "500100732259"]) {
      for (const broken of oneDigitChanges(inn)) expect(innProblem(broken), broken).toBe(INN_CHECKSUM);
    }
  });
  it("refuses wrong lengths, letters, spaces, non-ASCII digits and huge input", () => {
    expect(innProblem("")).toBe(INN_MISSING);
    for (const bad of ["770708389", "77070838931", "7707O83893", "7707 083893", "７７０７０８３８９３", "1".repeat(100_000), "770708389a12"]) {
      expect(innProblem(bad), bad.slice(0, 20)).toBe(INN_FORMAT);
    }
  });
});

describe("ОГРН and ОГРНИП", () => {
  it("accepts real ones", () => {
    // ПАО Сбербанк (ОГРН), a published ОГРНИП example.
    expect(ogrnProblem("1027700132195")).toBeNull();
    expect(ogrnProblem("1027809169585")).toBeNull();
    expect(ogrnProblem("304500116000157")).toBeNull();
  });
  it("refuses a changed check digit", () => {
    expect(ogrnProblem("1027700132196")).toBe(OGRN_CHECKSUM);
    expect(ogrnProblem("1027700132185")).toBe(OGRN_CHECKSUM);
    expect(ogrnProblem("304500116000158")).toBe(OGRNIP_CHECKSUM);
  });
  it("refuses a wrong first digit and length", () => {
    expect(ogrnProblem("3027700132195")).toBe(OGRN_FIRST_DIGIT);
    expect(ogrnProblem("104500116000157")).toBe(OGRNIP_FIRST_DIGIT);
    for (const bad of ["102770013219", "10277001321950", "1027700l32195", "", "9".repeat(5000)]) expect(ogrnProblem(bad)).toBe(OGRN_FORMAT);
  });
});

describe("КПП", () => {
  it("accepts 4 digits, 2 digits or capital Latin letters, 3 digits", () => {
    for (const kpp of ["773601001", "781401001", "7736AB001", "77360A001"]) expect(kppProblem(kpp), kpp).toBeNull();
  });
  it("refuses anything else", () => {
    for (const bad of ["77360100", "7736010011", "7736ab001", "7736АБ001", "A73601001", "773601A01", " 773601001", "x".repeat(9999)]) {
      expect(kppProblem(bad), bad.slice(0, 20)).toBe(KPP_FORMAT);
    }
  });
});

describe("БИК", () => {
  it("accepts Russian banks' БИК", () => {
    for (const bik of ["044525225", "044030653", "044525974", "044030786"]) expect(bikProblem(bik), bik).toBeNull();
  });
  it("refuses wrong length, letters and a foreign prefix", () => {
    for (const bad of ["04452522", "0445252250", "04452522S", ""]) expect(bikProblem(bad)).toBe(BIK_FORMAT);
    expect(bikProblem("144525225")).toBe(BIK_COUNTRY);
  });
});

describe("accounts against the БИК", () => {
  const banks = [
    // БИК, корр. счёт (Банк России's directory), a расчётный счёт computed for the БИК.
    { bik: "044525225", corr: "30101810400000000225", checking: "40702810938000000001" },
    { bik: "044030653", corr: "30101810500000000653", checking: "40702810555000031827" },
    { bik: "044525974", corr: "30101810145250000974", checking: "40802810200000517325" },
    { bik: "044030786", corr: "30101810600000000786", checking: "40702810832130002741" },
  ];
  it("accepts the right accounts", () => {
    for (const { bik, corr, checking } of banks) {
      expect(correspondentAccountProblem(corr, bik), corr).toBeNull();
      expect(checkingAccountProblem(checking, bik), checking).toBeNull();
    }
  });
  it("refuses a changed digit and an account of another bank", () => {
    const { bik, corr, checking } = banks[0]!;
    for (const broken of oneDigitChanges(checking)) expect(checkingAccountProblem(broken, bik), broken).toBe(CHECKING_ACCOUNT_CHECKSUM);
    for (const broken of oneDigitChanges(corr).filter((a) => a.startsWith("301"))) {
      expect(correspondentAccountProblem(broken, bik), broken).toBe(CORRESPONDENT_ACCOUNT_CHECKSUM);
    }
    expect(checkingAccountProblem(checking, banks[1]!.bik)).toBe(CHECKING_ACCOUNT_CHECKSUM);
    expect(correspondentAccountProblem(corr, banks[1]!.bik)).toBe(CORRESPONDENT_ACCOUNT_CHECKSUM);
    // A расчётный счёт is not a корр. счёт and the other way round.
    expect(correspondentAccountProblem(checking, bik)).toBe(CORRESPONDENT_ACCOUNT_PREFIX);
    expect(checkingAccountProblem(corr, bik)).toBe(CHECKING_ACCOUNT_CHECKSUM);
  });
  it("needs a valid БИК and 20 digits", () => {
    expect(checkingAccountProblem("40702810938000000001", "")).toBe(ACCOUNT_NEEDS_BIK);
    expect(correspondentAccountProblem("30101810400000000225", "04452522")).toBe(ACCOUNT_NEEDS_BIK);
    for (const bad of ["4070281093800000000", "407028109380000000011", "4070281093800000000I", "", "4".repeat(70_000)]) {
      expect(checkingAccountProblem(bad, "044525225")).toBe(CHECKING_ACCOUNT_FORMAT);
      expect(correspondentAccountProblem(bad, "044525225")).toBe(CORRESPONDENT_ACCOUNT_FORMAT);
    }
  });
});

describe("requisitesProblems and LegalCompanyForm", () => {
  const organisation = {
    shortTitle: "ПАО Сбербанк",
    inn: "7707083893",
    ogrn: "1027700132195",
    kpp: "773601001",
    bik: "044525225",
    checkingAccount: "40702810938000000001",
    correspondentAccount: "30101810400000000225",
  };
  const entrepreneur = {
    shortTitle: "ИП Кравцов А. Н.",
    inn: "500100732259",
    ogrn: "304500116000157",
    kpp: "",
    bik: "044525974",
    checkingAccount: "40802810200000517325",
    correspondentAccount: "30101810145250000974",
  };

  const fieldErrors = (input: Record<string, unknown>) => {
    const result = LegalCompanyForm.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accept a valid organisation and a valid ИП", () => {
    expect(requisitesProblems(organisation)).toEqual({});
    expect(requisitesProblems(entrepreneur)).toEqual({});
    expect(LegalCompanyForm.safeParse(organisation).success).toBe(true);
    expect(LegalCompanyForm.safeParse(entrepreneur).success).toBe(true);
    // Only ИНН and the title are required.
    expect(LegalCompanyForm.safeParse({ shortTitle: "ООО «Ромашка»", inn: "7707083893" }).success).toBe(true);
  });

  it("put each checksum error on its own field, the same words in the browser and the API", () => {
    const broken = {
      ...organisation,
      inn: "7707083894",
      ogrn: "1027700132196",
      kpp: "7736ab001",
      checkingAccount: "40702810938000000002",
      correspondentAccount: "30101810400000000226",
    };
    const expected = {
      inn: INN_CHECKSUM,
      ogrn: OGRN_CHECKSUM,
      kpp: KPP_FORMAT,
      checkingAccount: CHECKING_ACCOUNT_CHECKSUM,
      correspondentAccount: CORRESPONDENT_ACCOUNT_CHECKSUM,
    };
    expect(requisitesProblems(broken)).toEqual(expected);
    expect(fieldErrors(broken)).toEqual(expected);
  });

  it("check that the fields agree: ОГРН by the kind of ИНН, no КПП for an ИП, accounts need the БИК", () => {
    expect(requisitesProblems({ ...organisation, ogrn: "304500116000157" })).toEqual({ ogrn: OGRN_NOT_FOR_ORGANISATION });
    expect(requisitesProblems({ ...entrepreneur, ogrn: "1027700132195" })).toEqual({ ogrn: OGRN_NOT_FOR_ENTREPRENEUR });
    expect(requisitesProblems({ ...entrepreneur, kpp: "773601001" })).toEqual({ kpp: KPP_NOT_FOR_ENTREPRENEUR });
    expect(fieldErrors({ ...organisation, bik: "" })).toEqual({ checkingAccount: ACCOUNT_NEEDS_BIK, correspondentAccount: ACCOUNT_NEEDS_BIK });
    expect(fieldErrors({ ...organisation, bik: "144525225" })).toEqual({
      bik: BIK_COUNTRY,
      checkingAccount: ACCOUNT_NEEDS_BIK,
      correspondentAccount: ACCOUNT_NEEDS_BIK,
    });
  });

  it("answer a missing ИНН and wrong types with field errors, not exceptions", () => {
    expect(fieldErrors({ ...organisation, inn: "" })).toEqual({ inn: INN_MISSING });
    expect(Object.keys(fieldErrors({ shortTitle: "x" }))).toContain("inn");
    expect(Object.keys(fieldErrors({ ...organisation, bik: 44525225 }))).toContain("bik");
    expect(requisitesProblems({})).toEqual({ inn: INN_MISSING });
  });
});
