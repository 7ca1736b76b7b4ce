export const CSRF_COOKIE = 'verba_csrf';
export const CSRF_HEADER = 'x-verba-csrf';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
