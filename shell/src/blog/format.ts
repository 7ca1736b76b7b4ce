/** "12 November 2026": dates of posts are calendar days, shown the same in every time zone. */
export const formatPostDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const readingTime = (minutes: number) => `${minutes} min read`;
