/**
 * Country names for address, registration and profile forms (a fixed list including Kosovo,
 * Palestine and Taiwan), in English, from i18n-iso-countries, sorted by name. Shared so the API
 * validates a profile's country against the same list the forms offer.
 */
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/** Everyday names where the library's first choice is a formal or disputed one. */
const PREFERRED_NAMES: Record<string, string> = {
  CN: 'China',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  XK: 'Kosovo',
};

/** English country names, alphabetical. */
export const COUNTRY_NAMES: readonly string[] = Object.entries(
  countries.getNames('en', { select: 'official' }),
)
  .map(([code, name]) => PREFERRED_NAMES[code] ?? name)
  .concat(Object.values(PREFERRED_NAMES))
  .filter((name, index, all) => all.indexOf(name) === index)
  .sort((a, b) => a.localeCompare(b, 'en'));

/** The country a profile form starts with when none is stored. */
export const DEFAULT_COUNTRY = 'United States';

const KNOWN = new Set(COUNTRY_NAMES);

/** Whether `name` is exactly one of `COUNTRY_NAMES`. */
export function isCountryName(name: string): boolean {
  return KNOWN.has(name);
}
