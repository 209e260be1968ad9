import { apiBase, httpClient, refreshAuth } from '../../../providers/httpClient.ts';

/** The image types the console uploads (the server checks the bytes too). */
export const ACCEPTED_IMAGES = ['image/jpeg', 'image/png'];
export const ACCEPTED_IMAGE_EXTENSIONS = '.jpg,.jpeg,.png';

export const onlyImages = (files: File[]) => files.every((f) => ACCEPTED_IMAGES.includes(f.type));

/**
 * Uploads images to /file (folder IMAGE, or DOC for KYC documents, which only signed-in users of
 * the organisations concerned can read back); answers their urls and the server's message.
 * `for: 'avatar'` is one's own avatar from the profile, which any role may upload (one small image).
 */
export async function uploadImages(
  files: File[],
  purpose?: 'avatar',
  folder: 'IMAGE' | 'DOC' = 'IMAGE',
): Promise<{ urls: string[]; message: string }> {
  const body = new FormData();
  body.append('folder', folder);
  for (const file of files) body.append('files', file);
  await refreshAuth();
  const { json } = await httpClient(`${apiBase}/file${purpose ? `?for=${purpose}` : ''}`, { method: 'POST', body });
  return { urls: json.data.urls as string[], message: json.message as string };
}
