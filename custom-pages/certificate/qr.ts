/** The page's own address without query or fragment: what the certificate's QR code holds. */
export const pageAddress = () => `${window.location.origin}${window.location.pathname}`;
