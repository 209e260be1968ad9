/** Encrypts the password with the server's RSA-OAEP (SHA-256) key, as /auth/login expects it. */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyPem.replace(/-----[^-]+-----|\s/g, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)),
  );
  let binary = '';
  for (const b of cipher) binary += String.fromCharCode(b);
  return btoa(binary);
}
