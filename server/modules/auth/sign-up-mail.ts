// The sign-up e-mails in the interface language of the sign-up page: the code that makes the account, or, for an
// address that has an account already, a note saying so (the page's answer is the same either way).
import { type Language, LANGUAGES } from '../../../contract/languages.ts';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

interface Texts {
  codeSubject: string;
  code: (code: string) => string;
  takenSubject: string;
  taken: string;
}

const TEXTS: Record<Language, Texts> = {
  'en-US': {
    codeSubject: 'Your RangeForge sign-up code',
    code: (code) =>
      `Your RangeForge sign-up code is ${code}. Enter it on the sign-up page within 30 minutes to create your account.\n` +
      'If you did not sign up, ignore this e-mail: no account is created without the code.\n',
    takenSubject: 'Someone tried to sign up to RangeForge with your e-mail',
    taken:
      'Someone, maybe you, tried to create a RangeForge account with this e-mail address, which already has an ' +
      'account. No new account was created.\nIf it was you, sign in, or restore your password on the sign-in page ' +
      'if you have forgotten it. If it was not you, you can ignore this e-mail.\n',
  },
  'ru-RU': {
    codeSubject: 'Код регистрации в RangeForge',
    code: (code) =>
      `Ваш код регистрации в RangeForge: ${code}. Введите его на странице регистрации в течение 30 минут, чтобы создать аккаунт.\n` +
      'Если вы не регистрировались, просто проигнорируйте это письмо: без кода аккаунт не создаётся.\n',
    takenSubject: 'Кто-то пытался зарегистрироваться в RangeForge с вашим e-mail',
    taken:
      'Кто-то, возможно вы, пытался создать аккаунт RangeForge с этим адресом e-mail, но аккаунт с ним уже есть. ' +
      'Новый аккаунт не создан.\nЕсли это были вы, войдите в аккаунт или восстановите пароль на странице входа, ' +
      'если забыли его. Если это были не вы, просто проигнорируйте это письмо.\n',
  },
  'zh-CN': {
    codeSubject: '您的 RangeForge 注册验证码',
    code: (code) =>
      `您的 RangeForge 注册验证码是 ${code}。请在 30 分钟内在注册页面输入以创建账户。\n` +
      '如果您没有注册，请忽略此邮件：没有验证码不会创建任何账户。\n',
    takenSubject: '有人尝试使用您的邮箱注册 RangeForge',
    taken:
      '有人（也许是您）尝试用此邮箱地址创建 RangeForge 账户，但该地址已有账户，因此未创建新账户。\n' +
      '如果是您本人，请直接登录；如果忘记了密码，可以在登录页面找回。如果不是您，请忽略此邮件。\n',
  },
  'es-ES': {
    codeSubject: 'Tu código de registro en RangeForge',
    code: (code) =>
      `Tu código de registro en RangeForge es ${code}. Introdúcelo en la página de registro en los próximos 30 minutos para crear tu cuenta.\n` +
      'Si no te has registrado, ignora este correo: sin el código no se crea ninguna cuenta.\n',
    takenSubject: 'Alguien intentó registrarse en RangeForge con tu correo',
    taken:
      'Alguien, quizá tú, intentó crear una cuenta de RangeForge con esta dirección de correo, que ya tiene una ' +
      'cuenta. No se ha creado ninguna cuenta nueva.\nSi fuiste tú, inicia sesión o, si olvidaste la contraseña, ' +
      'restablécela en la página de inicio de sesión. Si no fuiste tú, puedes ignorar este correo.\n',
  },
};

const textsFor = (language: string) => TEXTS[isLanguage(language) ? language : 'en-US'];

/** The mail with the code that makes the account. */
export function signUpCodeMail(language: string, code: string): { subject: string; text: string } {
  const texts = textsFor(language);
  return { subject: texts.codeSubject, text: texts.code(code) };
}

/** The mail to an address that has an account: it says so, and that no account was made. */
export function emailTakenMail(language: string): { subject: string; text: string } {
  const texts = textsFor(language);
  return { subject: texts.takenSubject, text: texts.taken };
}
