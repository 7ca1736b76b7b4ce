const NAMES: Record<string, string> = { de: 'German', fr: 'French', es: 'Spanish', ru: 'Russian' };

export const languageName = (code: string): string => NAMES[code] ?? code;
