/**
 * India's states and union territories by their vehicle registration prefix: the fitment form's
 * State selector and the RTO catalogue's state. Names are proper nouns and stay as written.
 */
export const INDIAN_STATES = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CG: 'Chhattisgarh',
  CH: 'Chandigarh',
  DD: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu and Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OD: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TG: 'Telangana',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  UK: 'Uttarakhand',
  UP: 'Uttar Pradesh',
  WB: 'West Bengal',
} as const;
export type StateId = keyof typeof INDIAN_STATES;
export const STATE_IDS = Object.keys(INDIAN_STATES) as StateId[];

/** The spec's rtoCode: the state, an underscore, then the office's code ("UP_UP78"); the state is what precedes the first underscore. */
export const rtoCode = (state: string, code: string) => `${state}_${code}`;
export const stateOfRtoCode = (value: string | null | undefined) => (value ? value.split('_')[0]! : '');
/** The spec's rtoDetails: the office's name and code joined by a hyphen ("Kanpur Nagar-UP78"). */
export const rtoDetails = (name: string, code: string) => `${name}-${code}`;
