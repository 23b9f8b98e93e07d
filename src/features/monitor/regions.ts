// A station's region in the reader's language. The seeded regions are stored in English and have
// names in both catalogues (monitor:regionName); a region someone typed in shows as typed.
import { catalogueText } from '../../i18n/lookup';

export const regionName = (region: string): string => (region ? (catalogueText('monitor', `regionName.${region}`) ?? region) : '');
