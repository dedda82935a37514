/**
 * The countries the verification form offers (ISO 3166-1 alpha-2), named in the interface's language by the browser
 * (Intl.DisplayNames), so the list needs no catalogue of its own. The field stays free text: a name not listed can
 * still be typed.
 */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG ' +
  'CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH ' +
  'GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO ' +
  'SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const cache = new Map<string, string[]>();

/** The country names in the language, sorted for it; empty where the browser cannot name regions. */
export function countryNames(language: string): string[] {
  const cached = cache.get(language);
  if (cached) return cached;
  let names: string[];
  try {
    const display = new Intl.DisplayNames([language], { type: 'region' });
    names = [...new Set(COUNTRY_CODES.map((code) => display.of(code)).filter((name): name is string => !!name && name.length > 2))];
    names.sort((a, b) => a.localeCompare(b, language));
  } catch {
    names = [];
  }
  cache.set(language, names);
  return names;
}
