/** The public centre directories (SSC and RFC viewers): shared by the server and the console. */
import type { StateId } from './india.ts';

export const CENTRE_KINDS = ['SSC', 'RFC'] as const;
export type CentreKind = (typeof CENTRE_KINDS)[number];

/** Most contacts an RFC listing may publish. */
export const MAX_CONTACTS = 5;
/** Largest page of the public directory. */
export const MAX_CENTRES_PAGE = 100;

/** What an organisation chose to publish; `state` is a state id of resources/india.ts, or '' while unlisted. */
export interface CentreListing {
  isSsc: boolean;
  isRfc: boolean;
  address: string;
  district: string;
  state: StateId | '';
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  contactUserIds: string[];
}

/** One centre as the public sees it: published fields only. */
export interface PublicCentre {
  name: string;
  address: string;
  district: string;
  state: StateId;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  /** RFC listings only: the contacts who opted in. */
  contacts: { name: string; phone: string }[];
}
