/**
 * The certificate of a fitment as GET /certificate/{imei} answers it (spec §3 "Certificate data"),
 * shared by the server, the certificate page and its PDF. Dates are ISO text; the console shows
 * them dd/MM/yyyy in Asia/Kolkata.
 */
/** The public certificate page of a device, the address its QR code and the fitment list's View Certificate open. */
export const certificatePagePath = (imei: string) => `/certificate/${encodeURIComponent(imei)}`;

export interface CertificatePerson {
  firstName: string | null;
  lastName: string | null;
  /** Masked (`98******10`) unless the caller may see the full certificate. */
  phone: string | null;
  email: string | null;
}

export interface CertificateData {
  /** Whether contact details, the owner's address and KYC documents are included (a signed-in caller with view-certificate on the fitment's organisation). */
  full: boolean;
  vehicle: {
    registrationNumber: string;
    category: string;
    rto: string | null;
    regDate: string | null;
    engineNo: string | null;
    chassisNo: string | null;
    make: string | null;
    model: string | null;
    rcImages: string[];
  };
  device: {
    imei: string;
    uid: string | null;
    model: string | null;
    tac: string | null;
    panicButtonCount: number | null;
    /** Masked (`57*******00`) unless the caller may see the full certificate, as the phones are. */
    sim1: string | null;
    sim2: string | null;
    iccid: string | null;
    deviceImages: string[];
  };
  fitment: { date: string; expiresOn: string; durationInDays: number; by: CertificatePerson };
  vendor: {
    brandName: string;
    tradeName: string;
    email: string | null;
    contact: string | null;
    address: { landmark?: string; city?: string; state?: string; pin?: string; country?: string };
  };
  owner: CertificatePerson & { address: string | null; kycDocs: { name: string; link: string }[] };
  /** The fields an edit-certificate correction changed (CORRECTABLE_FIELDS names). */
  corrected: string[];
}

/** The certificate's own fields that edit-certificate may correct, as `part.field` of the PUT body. */
export const CORRECTABLE_FIELDS = {
  vehicle: ['engineNo', 'chassisNo', 'make', 'model', 'regDate'],
  owner: ['address'],
  fitter: ['firstName', 'lastName'],
} as const;

export type CorrectionBody = {
  -readonly [Part in keyof typeof CORRECTABLE_FIELDS]?: Partial<
    Record<(typeof CORRECTABLE_FIELDS)[Part][number], string | null>
  >;
};
