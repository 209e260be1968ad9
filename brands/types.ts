export interface Brand {
  id: 'demo' | 'vltd' | 'smartcity' | 'devicemaker';
  name: string;
  fullName: string;
  brandName: string;
  brandNameInCertificate: string;
  trackerName: string;
  address: string;
  email: string;
  phone: string;
  logoNameInCertificate: string;
  /** The promotional text of the login page's side panel: a headline and its lines. */
  loginPageText: { headline: string; lines: string[] };
  palette: { primary: string; secondary: string; panel: string };
  /** Inline SVG of the logo, so no network fetch is needed. */
  logo: string;
  apiBase: string;
  warrantyBrandNames: string[];
  defaultCustomerPassword: string;
}

export const logoSvg = (color: string, letter: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="26" r="20" fill="${color}"/><path d="M32 62 16 38h32z" fill="${color}"/><circle cx="32" cy="26" r="12" fill="#fff"/><text x="32" y="31" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="${color}">${letter}</text></svg>`;
