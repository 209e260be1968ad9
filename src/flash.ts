const FLASH_KEY = 'waymark.flash';

/** A message to show once after the page reloads (the login reload would drop a toast). */
export function setFlash(message: string) {
  sessionStorage.setItem(FLASH_KEY, message);
}

export function takeFlash(): string | null {
  const message = sessionStorage.getItem(FLASH_KEY);
  sessionStorage.removeItem(FLASH_KEY);
  return message;
}
