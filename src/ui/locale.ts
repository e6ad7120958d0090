/**
 * Whether the terminal's character set is UTF-8, as the locale says: the first of LC_ALL, LC_CTYPE and LANG that
 * is set decides (C, POSIX or ISO-8859-1 are not; C.UTF-8 or en_US.utf8 are). With none set, or on Windows, UTF-8.
 */
export function localeIsUtf8(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return true;
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '');
  return locale === undefined || /utf-?8/i.test(locale);
}
