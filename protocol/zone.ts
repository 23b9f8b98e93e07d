/** An IANA time zone name this runtime's Intl knows (`Europe/Berlin`): the server and the console check it alike. */
export const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
