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
  /** The promotional text of the login page's side panel, in each language of the console: a headline and its lines. */
  loginPageText: Record<'en' | 'hi', { headline: string; lines: string[] }>;
  palette: { primary: string; secondary: string; panel: string };
  /** Inline SVG of the logo, so no network fetch is needed, and the same as an image address. */
  logo: string;
  logoUrl: string;
  apiBase: string;
  warrantyBrandNames: string[];
  defaultCustomerPassword: string;
  /** Where customers and dealers send money: the wallet's Add Money and renewal payments (UPI). */
  bank: { beneficiary: string; accountNumber: string; ifsc: string; branchName: string; upiId: string };
}

/** A brand as written in its file: the logo is drawn from its palette and initial, the API base defaults to /api. */
export type BrandDefinition = Omit<Brand, 'logo' | 'logoUrl' | 'apiBase'> & { logoLetter: string; apiBase?: string };

export function defineBrand({ logoLetter, apiBase = '/api', ...brand }: BrandDefinition): Brand {
  const logo = logoSvg(brand.palette.primary, logoLetter);
  return { ...brand, apiBase, logo, logoUrl: `data:image/svg+xml;utf8,${encodeURIComponent(logo)}` };
}

const logoSvg = (color: string, letter: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="26" r="20" fill="${color}"/><path d="M32 62 16 38h32z" fill="${color}"/><circle cx="32" cy="26" r="12" fill="#fff"/><text x="32" y="31" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="${color}">${letter}</text></svg>`;
