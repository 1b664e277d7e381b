// The password restore e-mail in the account's interface language, whatever the language of the page that asked.
import { type Language, LANGUAGES } from '../../../contract/languages.ts';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

const TEXTS: Record<Language, { subject: string; text: (code: string) => string }> = {
  'en-US': {
    subject: 'RangeForge password restore code',
    text: (code) => `Your RangeForge password restore code is ${code}. It is valid for 10 minutes.\n`,
  },
  'ru-RU': {
    subject: 'Код восстановления пароля RangeForge',
    text: (code) => `Ваш код восстановления пароля RangeForge: ${code}. Он действует 10 минут.\n`,
  },
  'zh-CN': {
    subject: 'RangeForge 密码找回验证码',
    text: (code) => `您的 RangeForge 密码找回验证码是 ${code}，10 分钟内有效。\n`,
  },
  'es-ES': {
    subject: 'Código para restablecer tu contraseña de RangeForge',
    text: (code) =>
      `Tu código para restablecer la contraseña de RangeForge es ${code}. Es válido durante 10 minutos.\n`,
  },
};

/** Subject and text for `language` (an unknown stored value falls back to English). */
export function restoreMail(language: string, code: string): { subject: string; text: string } {
  const texts = TEXTS[isLanguage(language) ? language : 'en-US'];
  return { subject: texts.subject, text: texts.text(code) };
}
