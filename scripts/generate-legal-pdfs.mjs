// Generates the legal documents the footer links to (SPEC §2): Terms and Conditions, Privacy Policy and Return
// Policy in ru-RU, en-US, zh-CN and es-ES, written to public/docs/{lang}/{terms_and_contitions,privacy,return_policy}.pdf
// (the misspelt "contitions" is the published URL). The output is committed; run `npm run pdfs` after editing a text.
//
// Fonts: DejaVu Sans covers Latin and Cyrillic; Noto Sans CJK SC (a TrueType collection, addressed by its
// PostScript family name) covers Chinese. Both come from Debian (fonts-dejavu-core, fonts-noto-cjk).
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'docs');

const FONTS = {
  latin: {
    regular: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
    bold: { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  },
  cjk: {
    regular: {
      file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      family: 'NotoSansCJKsc-Regular',
    },
    bold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
};

const COMPANY = {
  name: 'RangeForge Ltd',
  address: '71-75 Shelton Street, Covent Garden, London, WC2H 9JQ, United Kingdom',
  taxNumber: 'GB 412 7781 09',
  email: 'support@rangeforge.app',
  site: 'https://rangeforge.app',
};

/** Effective date of this version of the documents. */
const EFFECTIVE = '2026-11-01';

const FILES = { terms: 'terms_and_contitions', privacy: 'privacy', returns: 'return_policy' };

// Each document: title, a lead paragraph and numbered sections of paragraphs. {company}, {address}, {tax}, {email},
// {site} and {date} are filled in from COMPANY and EFFECTIVE.
const TEXTS = {
  'en-US': {
    meta: { effective: 'Effective date: {date}', page: 'Page {n} of {total}', contact: 'Contact: {email}' },
    terms: {
      title: 'Terms and Conditions',
      lead: 'These Terms and Conditions govern your use of RangeForge ({site}), a web application for building, viewing and sharing poker preflop and tournament range charts, and of its store, Premium tier and referral programme. The service is provided by {company}, {address}, tax number {tax}. By creating an account or using the service you accept these terms.',
      sections: [
        [
          'Accounts',
          'You must be at least 18 years old and allowed to use poker study tools where you live. Register with a username of 4 to 20 characters, a valid e-mail address and a password of 6 to 20 characters. Keep your password secret; you are responsible for everything done with your account. You may change your username, password and avatar in your profile at any time.',
        ],
        [
          'The service',
          'RangeForge lets you create, copy, move, delete and share range categories for cash (preflop) and tournament play, colour hands with weighted colours and calculate equity in your browser. Equity figures are mathematical estimates for study; they are not advice and we do not guarantee any result at the table. RangeForge is a study tool and must not be used during a hand where the rules of a poker site or event forbid real-time assistance.',
        ],
        [
          'Free and Premium',
          'The Free tier allows a limited number of ranges. Premium is a one-time payment (USD 25, or the price shown in your currency at checkout) that lifts the limit and unlocks sharing ranges, moving ranges in the navigation tree and copying ready-made strategies. Premium is tied to your account and is not transferable.',
        ],
        [
          'Store purchases',
          'Strategy packs and video courses in the store are licensed, not sold: you receive a personal, non-exclusive, non-transferable right to use them within RangeForge. You may not resell, publish or share purchased material outside the sharing features of the service. Prices are shown in RUB for Russian-language accounts and in USD otherwise, and include the taxes we are required to charge.',
        ],
        [
          'Payments',
          'Card payments are processed by our payment provider; we never see or store your full card number. Bank card transfers, Bitcoin and Tether (TRC20) payments are checked by hand and are normally confirmed within 24 hours after you submit the confirmation (the last four digits of the card or the transaction ID). Access is granted once the payment is confirmed.',
        ],
        [
          'Referral programme',
          'Each account has a personal referral link. When a person who registered through your link makes a payment, you receive the percentage of that payment set by us at the time and shown in your referral payments. We may change the percentage for future payments and may cancel referral rewards obtained by self-referral, fraud or spam.',
        ],
        [
          'Shared content',
          'Ranges and strategies you share are sent to the users you choose, who may accept or reject them. You may share only categories and tournaments you created. Do not share material you have no right to share. We may remove content and suspend accounts that break these terms or the law.',
        ],
        [
          'Availability and liability',
          'We work to keep the service available but do not promise it will be uninterrupted or error-free. To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.',
        ],
        [
          'Changes and termination',
          'We may update these terms; the new version applies from its effective date and we will tell signed-in users about material changes. You may stop using the service at any time and ask us to delete your account. These terms are governed by the laws of England and Wales, without prejudice to the mandatory consumer protection rules of your country of residence.',
        ],
      ],
    },
    privacy: {
      title: 'Privacy Policy',
      lead: 'This policy explains what personal data {company} ({address}, tax number {tax}) processes when you use RangeForge, why, and what rights you have. We are the controller of this data. Questions and requests: {email}.',
      sections: [
        [
          'Data we collect',
          'Account data: username, e-mail address, password (stored only as an Argon2id hash), avatar image and interface language. Usage data: the ranges, categories, notes and buttons you create, strategies you share or receive, purchases, payments and referral payments. Technical data: IP address, browser type and request logs kept for security.',
        ],
        [
          'Why we use it',
          'To provide the service and your account (contract); to process payments and keep accounting records (legal obligation); to prevent fraud and abuse and to keep the service secure (legitimate interest); to send password-restore codes and messages about your purchases (contract). We do not sell your data and do not use it for third-party advertising.',
        ],
        [
          'Payments',
          'Card payments are handled by our payment provider, which receives the data needed to charge the card. For manual payments we store the confirmation you enter: the last four digits of the card or the transaction ID. We never store full card numbers.',
        ],
        [
          'Cookies and local storage',
          'We use your browser storage only for what the service needs: your session token and your language choice. We do not use advertising or tracking cookies.',
        ],
        [
          'Sharing',
          'We share data only with processors that help us run the service (hosting, e-mail delivery, payment processing), under contracts that protect it, and with authorities when the law requires. When you share a range, the recipient sees your username and the shared content.',
        ],
        [
          'Retention',
          'We keep account data while your account exists. Payment and accounting records are kept for the period required by tax law. Security logs are kept for up to 90 days. After you delete your account we remove or anonymise your personal data within 30 days, except what the law requires us to keep.',
        ],
        [
          'Your rights',
          'You may ask for access to your data, correction, deletion, restriction, portability, and object to processing based on legitimate interest. You may also complain to your data protection authority. Write to {email}; we answer within one month.',
        ],
        [
          'Security',
          'Connections are encrypted, passwords are hashed, access tokens are stored hashed and can be revoked by logging out, and access to production data is limited to staff who need it.',
        ],
        [
          'Changes',
          'We will publish any update to this policy with a new effective date and tell signed-in users about material changes.',
        ],
      ],
    },
    returns: {
      title: 'Return Policy',
      lead: 'This policy explains when you can get your money back for purchases on RangeForge from {company}. It does not limit your statutory rights as a consumer.',
      sections: [
        [
          'Digital content',
          'Premium, strategy packs and video courses are digital content supplied immediately after payment. When you buy, you ask us to start supplying the content at once and acknowledge that the statutory 14-day right of withdrawal ends once the content has been made available to your account.',
        ],
        [
          'When we refund',
          'We refund in full if you were charged twice for the same item, if a payment was taken but access was not granted within 24 hours and we cannot fix it, if the content is materially different from its description, or if a technical fault on our side prevents you from using it and we cannot repair it within a reasonable time.',
        ],
        [
          'Goodwill refunds',
          'If you have not opened any purchased strategy or watched any lesson of a course, you may ask for a refund within 14 days of purchase and we will normally grant it.',
        ],
        [
          'Manual payments',
          'Bank card transfers, Bitcoin and Tether payments that we cannot match to an order are returned to the sender after checking, minus network or bank fees charged to us. Cryptocurrency refunds are sent in the same currency to an address you confirm in writing.',
        ],
        ['Referral payments', 'When a payment is refunded, the referral reward paid for it is cancelled.'],
        [
          'How to ask',
          'Write to {email} from the e-mail address of your account with the date, amount and payment method. We reply within 5 business days; approved refunds are sent to the original payment method within 10 business days.',
        ],
      ],
    },
  },
  'ru-RU': {
    meta: {
      effective: 'Дата вступления в силу: {date}',
      page: 'Страница {n} из {total}',
      contact: 'Контакты: {email}',
    },
    terms: {
      title: 'Условия использования',
      lead: 'Настоящие Условия регулируют использование RangeForge ({site}) — веб-приложения для создания, просмотра и передачи префлоп- и турнирных чартов покерных диапазонов, а также его магазина, тарифа Премиум и реферальной программы. Сервис предоставляет {company}, {address}, налоговый номер {tax}. Создавая аккаунт или пользуясь сервисом, вы принимаете эти условия.',
      sections: [
        [
          'Аккаунт',
          'Вам должно быть не меньше 18 лет, и в вашей стране должно быть разрешено пользоваться инструментами для изучения покера. Для регистрации укажите имя пользователя от 4 до 20 символов, действующий адрес эл. почты и пароль от 6 до 20 символов. Храните пароль в тайне: вы отвечаете за всё, что делается с вашего аккаунта. Имя пользователя, пароль и аватар можно изменить в профиле в любой момент.',
        ],
        [
          'Сервис',
          'RangeForge позволяет создавать, копировать, перемещать, удалять и передавать категории диапазонов для кэш-игр (префлоп) и турниров, раскрашивать руки цветами с весами и рассчитывать эквити прямо в браузере. Значения эквити — математические оценки для обучения, а не рекомендации; мы не гарантируем никаких результатов за столом. RangeForge — инструмент для обучения, его нельзя использовать во время раздачи, если правила покер-рума или турнира запрещают помощь в реальном времени.',
        ],
        [
          'Бесплатная версия и Премиум',
          'Бесплатная версия ограничивает число диапазонов. Премиум — разовый платёж (25 долларов США или цена в вашей валюте, указанная при оплате), который снимает ограничение и открывает передачу диапазонов, перемещение диапазонов в дереве навигации и копирование готовых стратегий. Премиум привязан к вашему аккаунту и не передаётся.',
        ],
        [
          'Покупки в магазине',
          'Пакеты стратегий и видеокурсы предоставляются по лицензии, а не продаются: вы получаете личное неисключительное право без права передачи пользоваться ими в RangeForge. Нельзя перепродавать, публиковать или передавать купленные материалы вне функций обмена сервиса. Цены указываются в рублях для русскоязычных аккаунтов и в долларах США для остальных и включают налоги, которые мы обязаны взимать.',
        ],
        [
          'Оплата',
          'Оплату картой обрабатывает наш платёжный провайдер; мы не видим и не храним полный номер карты. Переводы на банковскую карту, платежи в биткоинах и Tether (TRC20) проверяются вручную и обычно подтверждаются в течение 24 часов после отправки подтверждения (последних четырёх цифр карты или ID транзакции). Доступ открывается после подтверждения платежа.',
        ],
        [
          'Реферальная программа',
          'У каждого аккаунта есть личная реферальная ссылка. Когда зарегистрировавшийся по вашей ссылке человек совершает платёж, вы получаете процент от него, установленный нами на момент платежа и показанный в ваших реферальных выплатах. Мы можем менять процент для будущих платежей и аннулировать вознаграждения, полученные за счёт самоприглашения, мошенничества или спама.',
        ],
        [
          'Передаваемые материалы',
          'Диапазоны и стратегии, которыми вы делитесь, отправляются выбранным вами пользователям, и те могут принять или отклонить их. Делиться можно только категориями и турнирами, которые вы создали сами. Не передавайте материалы, на которые у вас нет прав. Мы можем удалять материалы и блокировать аккаунты, нарушающие эти условия или закон.',
        ],
        [
          'Доступность и ответственность',
          'Мы стараемся поддерживать работу сервиса, но не обещаем, что он будет работать без перерывов и ошибок. В пределах, допускаемых законом, наша совокупная ответственность по любой претензии ограничена суммой, которую вы заплатили нам за двенадцать месяцев до претензии. Ничто в этих условиях не ограничивает ответственность, которую закон ограничивать не позволяет.',
        ],
        [
          'Изменения и прекращение',
          'Мы можем обновлять эти условия; новая редакция действует с даты вступления в силу, о существенных изменениях мы сообщим авторизованным пользователям. Вы можете в любой момент прекратить пользоваться сервисом и попросить удалить аккаунт. Условия регулируются правом Англии и Уэльса без ущерба для обязательных норм о защите прав потребителей страны вашего проживания.',
        ],
      ],
    },
    privacy: {
      title: 'Политика конфиденциальности',
      lead: 'Эта политика объясняет, какие персональные данные обрабатывает {company} ({address}, налоговый номер {tax}) при использовании RangeForge, зачем и какие у вас есть права. Мы являемся оператором этих данных. Вопросы и запросы: {email}.',
      sections: [
        [
          'Какие данные мы собираем',
          'Данные аккаунта: имя пользователя, адрес эл. почты, пароль (хранится только в виде хеша Argon2id), изображение аватара и язык интерфейса. Данные об использовании: созданные вами диапазоны, категории, заметки и кнопки, переданные и полученные стратегии, покупки, платежи и реферальные выплаты. Технические данные: IP-адрес, тип браузера и журналы запросов, которые хранятся для безопасности.',
        ],
        [
          'Зачем мы их используем',
          'Чтобы предоставлять сервис и ваш аккаунт (договор); чтобы обрабатывать платежи и вести бухгалтерский учёт (требование закона); чтобы предотвращать мошенничество и злоупотребления и обеспечивать безопасность сервиса (законный интерес); чтобы отправлять коды восстановления пароля и сообщения о ваших покупках (договор). Мы не продаём ваши данные и не используем их для сторонней рекламы.',
        ],
        [
          'Платежи',
          'Оплату картой обрабатывает наш платёжный провайдер, который получает данные, необходимые для списания. Для ручных платежей мы храним введённое вами подтверждение: последние четыре цифры карты или ID транзакции. Полные номера карт мы никогда не храним.',
        ],
        [
          'Cookie и локальное хранилище',
          'Хранилище браузера используется только для нужд сервиса: для токена сессии и выбранного языка. Рекламные и отслеживающие cookie мы не используем.',
        ],
        [
          'Передача данных',
          'Мы передаём данные только обработчикам, которые помогают нам обеспечивать работу сервиса (хостинг, доставка эл. почты, обработка платежей), по договорам, защищающим данные, а также органам власти, когда этого требует закон. Когда вы делитесь диапазоном, получатель видит ваше имя пользователя и переданные материалы.',
        ],
        [
          'Сроки хранения',
          'Данные аккаунта хранятся, пока существует аккаунт. Платёжные и бухгалтерские записи хранятся в течение срока, установленного налоговым законодательством. Журналы безопасности хранятся до 90 дней. После удаления аккаунта мы удаляем или обезличиваем ваши персональные данные в течение 30 дней, кроме тех, что обязаны хранить по закону.',
        ],
        [
          'Ваши права',
          'Вы можете запросить доступ к своим данным, их исправление, удаление, ограничение обработки, переносимость, а также возразить против обработки на основании законного интереса. Вы также вправе подать жалобу в надзорный орган по защите данных. Пишите на {email}; мы отвечаем в течение месяца.',
        ],
        [
          'Безопасность',
          'Соединения шифруются, пароли хешируются, токены доступа хранятся в виде хешей и отзываются при выходе из аккаунта, доступ к рабочим данным есть только у сотрудников, которым он необходим.',
        ],
        [
          'Изменения',
          'Любые изменения этой политики мы публикуем с новой датой вступления в силу и сообщаем авторизованным пользователям о существенных изменениях.',
        ],
      ],
    },
    returns: {
      title: 'Политика возврата',
      lead: 'Эта политика объясняет, когда вы можете вернуть деньги за покупки в RangeForge у {company}. Она не ограничивает ваши права потребителя, установленные законом.',
      sections: [
        [
          'Цифровой контент',
          'Премиум, пакеты стратегий и видеокурсы — цифровой контент, предоставляемый сразу после оплаты. Совершая покупку, вы просите начать предоставление контента немедленно и признаёте, что установленное законом 14-дневное право на отказ прекращается, как только контент стал доступен в вашем аккаунте.',
        ],
        [
          'Когда мы возвращаем деньги',
          'Мы полностью возвращаем деньги, если с вас дважды списали оплату за один товар, если платёж прошёл, но доступ не открылся в течение 24 часов и мы не можем это исправить, если контент существенно отличается от описания или если техническая неисправность на нашей стороне мешает им пользоваться и мы не можем устранить её в разумный срок.',
        ],
        [
          'Возврат по доброй воле',
          'Если вы не открывали ни одной купленной стратегии и не смотрели ни одного урока курса, вы можете попросить возврат в течение 14 дней после покупки, и обычно мы его одобряем.',
        ],
        [
          'Ручные платежи',
          'Переводы на банковскую карту, платежи в биткоинах и Tether, которые мы не можем сопоставить с заказом, после проверки возвращаются отправителю за вычетом сетевых или банковских комиссий, удержанных с нас. Возврат в криптовалюте отправляется в той же валюте на адрес, который вы подтвердите письменно.',
        ],
        ['Реферальные выплаты', 'Если платёж возвращён, реферальное вознаграждение за него аннулируется.'],
        [
          'Как обратиться',
          'Напишите на {email} с адреса эл. почты вашего аккаунта, указав дату, сумму и способ оплаты. Мы отвечаем в течение 5 рабочих дней; одобренные возвраты отправляются тем же способом оплаты в течение 10 рабочих дней.',
        ],
      ],
    },
  },
  'zh-CN': {
    meta: { effective: '生效日期：{date}', page: '第 {n} 页，共 {total} 页', contact: '联系方式：{email}' },
    terms: {
      title: '条款与条件',
      lead: '本条款与条件适用于您对 RangeForge（{site}）的使用。RangeForge 是一款用于构建、查看和分享扑克翻前及锦标赛范围图表的网络应用，包括其商店、高级版和推荐计划。本服务由 {company}（地址：{address}，税号：{tax}）提供。创建账户或使用本服务即表示您接受本条款。',
      sections: [
        [
          '账户',
          '您必须年满 18 周岁，且所在地区允许使用扑克学习工具。注册时请使用 4 到 20 个字符的用户名、有效的电子邮件地址以及 6 到 20 个字符的密码。请妥善保管密码；您需对账户下的一切操作负责。您可以随时在个人资料中修改用户名、密码和头像。',
        ],
        [
          '服务内容',
          'RangeForge 允许您为现金局（翻前）和锦标赛创建、复制、移动、删除和分享范围分类，用带权重的颜色标记手牌，并在浏览器中计算胜率。胜率数据是用于学习的数学估算，并非建议；我们不保证任何牌桌结果。RangeForge 是学习工具，若扑克网站或赛事规则禁止实时辅助，则不得在牌局进行中使用。',
        ],
        [
          '免费版与高级版',
          '免费版对范围数量有限制。高级版为一次性付款（25 美元，或结账时显示的您所用货币的价格），可解除限制，并开放分享范围、在导航树中移动范围以及复制现成策略等功能。高级版与您的账户绑定，不可转让。',
        ],
        [
          '商店购买',
          '商店中的策略包和视频课程以许可方式提供而非出售：您获得在 RangeForge 内使用它们的个人、非独占、不可转让的权利。除本服务的分享功能外，您不得转售、发布或分享所购内容。俄语账户以卢布标价，其他账户以美元标价，价格包含我们依法须收取的税费。',
        ],
        [
          '付款',
          '银行卡付款由我们的支付服务商处理；我们不会看到或存储完整的卡号。银行卡转账、比特币和泰达币（TRC20）付款由人工核对，通常在您提交确认信息（银行卡后四位或交易 ID）后 24 小时内确认。付款确认后即开通访问权限。',
        ],
        [
          '推荐计划',
          '每个账户都有专属推荐链接。通过您的链接注册的用户付款时，您将获得该笔付款的一定比例，比例由我们在付款时设定，并显示在您的推荐收益中。我们可能调整未来付款的比例，并可取消通过自我推荐、欺诈或垃圾信息获得的奖励。',
        ],
        [
          '分享的内容',
          '您分享的范围和策略会发送给您选择的用户，对方可以接受或拒绝。您只能分享自己创建的分类和锦标赛。请勿分享您无权分享的内容。对于违反本条款或法律的内容和账户，我们可以删除内容并暂停账户。',
        ],
        [
          '可用性与责任',
          '我们致力于保持服务可用，但不承诺服务不中断或无错误。在法律允许的范围内，我们对任何索赔的总责任以您在索赔前十二个月内向我们支付的金额为限。本条款不限制法律规定不得限制的责任。',
        ],
        [
          '变更与终止',
          '我们可能更新本条款；新版本自生效日期起适用，重大变更将通知已登录用户。您可以随时停止使用本服务并要求删除账户。本条款受英格兰和威尔士法律管辖，但不影响您居住国强制性的消费者保护规定。',
        ],
      ],
    },
    privacy: {
      title: '隐私政策',
      lead: '本政策说明 {company}（地址：{address}，税号：{tax}）在您使用 RangeForge 时处理哪些个人数据、处理目的以及您享有的权利。我们是这些数据的控制者。如有问题或请求，请联系：{email}。',
      sections: [
        [
          '我们收集的数据',
          '账户数据：用户名、电子邮件地址、密码（仅以 Argon2id 哈希形式存储）、头像图片和界面语言。使用数据：您创建的范围、分类、笔记和按钮，您分享或收到的策略，购买、付款和推荐收益记录。技术数据：为安全目的保存的 IP 地址、浏览器类型和请求日志。',
        ],
        [
          '使用目的',
          '提供服务和您的账户（合同）；处理付款并保存会计记录（法定义务）；防止欺诈和滥用并保障服务安全（正当利益）；发送密码找回验证码及购买相关消息（合同）。我们不出售您的数据，也不将其用于第三方广告。',
        ],
        [
          '付款',
          '银行卡付款由我们的支付服务商处理，服务商会收到扣款所需的数据。对于人工付款，我们会保存您填写的确认信息：银行卡后四位或交易 ID。我们从不存储完整卡号。',
        ],
        [
          'Cookie 与本地存储',
          '我们仅将浏览器存储用于服务所需：会话令牌和您选择的语言。我们不使用广告或跟踪类 Cookie。',
        ],
        [
          '数据共享',
          '我们仅与协助运营服务的处理方（托管、邮件发送、支付处理）在有数据保护合同的前提下共享数据，并在法律要求时向主管机关提供。您分享范围时，接收方可以看到您的用户名和所分享的内容。',
        ],
        [
          '保存期限',
          '账户存续期间我们保存账户数据。付款和会计记录按税法要求的期限保存。安全日志最多保存 90 天。账户删除后，除法律要求保留的数据外，我们将在 30 天内删除或匿名化您的个人数据。',
        ],
        [
          '您的权利',
          '您可以要求访问、更正、删除、限制处理、携带您的数据，并可反对基于正当利益的处理。您也可以向数据保护监管机构投诉。请写信至 {email}；我们将在一个月内答复。',
        ],
        [
          '安全',
          '连接经过加密，密码经过哈希处理，访问令牌以哈希形式存储并可通过退出登录撤销，只有确有需要的员工才能访问生产数据。',
        ],
        ['变更', '本政策的任何更新都将以新的生效日期发布，重大变更将通知已登录用户。'],
      ],
    },
    returns: {
      title: '退款政策',
      lead: '本政策说明您在何种情况下可以就 RangeForge 上向 {company} 的购买申请退款。本政策不限制您作为消费者的法定权利。',
      sections: [
        [
          '数字内容',
          '高级版、策略包和视频课程均为付款后立即提供的数字内容。购买即表示您要求我们立即开始提供内容，并确认一旦内容在您的账户中可用，法定的 14 天撤回权即告终止。',
        ],
        [
          '全额退款的情形',
          '如同一商品被重复扣款、付款成功但 24 小时内未开通访问且我们无法解决、内容与描述存在重大差异，或因我方技术故障导致您无法使用且我们无法在合理时间内修复，我们将全额退款。',
        ],
        [
          '善意退款',
          '如果您尚未打开任何已购策略，也未观看课程的任何课时，可在购买后 14 天内申请退款，我们通常会予以批准。',
        ],
        [
          '人工付款',
          '无法与订单匹配的银行卡转账、比特币和泰达币付款，经核实后将退还给付款人，扣除我方承担的网络或银行手续费。加密货币退款将以同一币种发送至您书面确认的地址。',
        ],
        ['推荐收益', '付款被退款时，相应的推荐奖励将被取消。'],
        [
          '申请方式',
          '请使用账户绑定的电子邮件写信至 {email}，注明日期、金额和支付方式。我们将在 5 个工作日内答复；获批的退款将在 10 个工作日内原路退回。',
        ],
      ],
    },
  },
  'es-ES': {
    meta: {
      effective: 'Fecha de entrada en vigor: {date}',
      page: 'Página {n} de {total}',
      contact: 'Contacto: {email}',
    },
    terms: {
      title: 'Términos y condiciones',
      lead: 'Estos Términos y condiciones regulan el uso de RangeForge ({site}), una aplicación web para crear, consultar y compartir tablas de rangos de póker preflop y de torneo, así como de su tienda, su nivel Premium y su programa de referidos. El servicio lo presta {company}, {address}, número fiscal {tax}. Al crear una cuenta o usar el servicio aceptas estos términos.',
      sections: [
        [
          'Cuentas',
          'Debes tener al menos 18 años y poder usar herramientas de estudio de póker en tu país. Regístrate con un nombre de usuario de 4 a 20 caracteres, un correo electrónico válido y una contraseña de 6 a 20 caracteres. Mantén tu contraseña en secreto: eres responsable de todo lo que se haga con tu cuenta. Puedes cambiar tu nombre de usuario, contraseña y avatar en tu perfil en cualquier momento.',
        ],
        [
          'El servicio',
          'RangeForge te permite crear, copiar, mover, eliminar y compartir categorías de rangos para cash (preflop) y torneos, colorear manos con colores ponderados y calcular la equity en tu navegador. Las cifras de equity son estimaciones matemáticas para el estudio; no son consejos y no garantizamos ningún resultado en la mesa. RangeForge es una herramienta de estudio y no debe usarse durante una mano cuando las normas de una sala o evento prohíban la asistencia en tiempo real.',
        ],
        [
          'Gratis y Premium',
          'El nivel gratuito permite un número limitado de rangos. Premium es un pago único (25 USD, o el precio que se muestre en tu moneda al pagar) que elimina el límite y desbloquea compartir rangos, moverlos en el árbol de navegación y copiar estrategias predefinidas. Premium está vinculado a tu cuenta y no es transferible.',
        ],
        [
          'Compras en la tienda',
          'Los packs de estrategias y los cursos en vídeo se licencian, no se venden: recibes un derecho personal, no exclusivo e intransferible a usarlos dentro de RangeForge. No puedes revender, publicar ni compartir el material comprado fuera de las funciones para compartir del servicio. Los precios se muestran en RUB para cuentas en ruso y en USD en los demás casos, e incluyen los impuestos que debemos cobrar.',
        ],
        [
          'Pagos',
          'Los pagos con tarjeta los procesa nuestro proveedor de pagos; nunca vemos ni guardamos el número completo de tu tarjeta. Las transferencias a tarjeta bancaria y los pagos en Bitcoin y Tether (TRC20) se revisan manualmente y normalmente se confirman en 24 horas desde que envías la confirmación (los cuatro últimos dígitos de la tarjeta o el ID de la transacción). El acceso se concede cuando se confirma el pago.',
        ],
        [
          'Programa de referidos',
          'Cada cuenta tiene un enlace de referido personal. Cuando una persona que se registró con tu enlace realiza un pago, recibes el porcentaje de ese pago que fijemos en ese momento y que aparece en tus pagos por referidos. Podemos cambiar el porcentaje para pagos futuros y anular recompensas obtenidas mediante autorreferencia, fraude o spam.',
        ],
        [
          'Contenido compartido',
          'Los rangos y estrategias que compartes se envían a los usuarios que elijas, que pueden aceptarlos o rechazarlos. Solo puedes compartir categorías y torneos que hayas creado. No compartas material sobre el que no tengas derechos. Podemos retirar contenido y suspender cuentas que incumplan estos términos o la ley.',
        ],
        [
          'Disponibilidad y responsabilidad',
          'Trabajamos para mantener el servicio disponible, pero no garantizamos que funcione sin interrupciones ni errores. En la medida en que la ley lo permita, nuestra responsabilidad total por cualquier reclamación se limita al importe que nos hayas pagado en los doce meses anteriores a la reclamación. Nada en estos términos limita la responsabilidad que la ley no permite limitar.',
        ],
        [
          'Cambios y terminación',
          'Podemos actualizar estos términos; la nueva versión se aplica desde su fecha de entrada en vigor y avisaremos a los usuarios con sesión iniciada de los cambios importantes. Puedes dejar de usar el servicio en cualquier momento y pedirnos que eliminemos tu cuenta. Estos términos se rigen por las leyes de Inglaterra y Gales, sin perjuicio de las normas imperativas de protección del consumidor de tu país de residencia.',
        ],
      ],
    },
    privacy: {
      title: 'Política de privacidad',
      lead: 'Esta política explica qué datos personales trata {company} ({address}, número fiscal {tax}) cuando usas RangeForge, con qué fin y qué derechos tienes. Somos los responsables de estos datos. Consultas y solicitudes: {email}.',
      sections: [
        [
          'Datos que recogemos',
          'Datos de la cuenta: nombre de usuario, correo electrónico, contraseña (guardada solo como hash Argon2id), imagen de avatar e idioma de la interfaz. Datos de uso: los rangos, categorías, notas y botones que creas, las estrategias que compartes o recibes, compras, pagos y pagos por referidos. Datos técnicos: dirección IP, tipo de navegador y registros de solicitudes conservados por seguridad.',
        ],
        [
          'Para qué los usamos',
          'Para prestar el servicio y tu cuenta (contrato); para procesar pagos y llevar la contabilidad (obligación legal); para prevenir el fraude y el abuso y mantener el servicio seguro (interés legítimo); para enviar códigos de recuperación de contraseña y mensajes sobre tus compras (contrato). No vendemos tus datos ni los usamos para publicidad de terceros.',
        ],
        [
          'Pagos',
          'Los pagos con tarjeta los gestiona nuestro proveedor de pagos, que recibe los datos necesarios para el cobro. En los pagos manuales guardamos la confirmación que introduces: los cuatro últimos dígitos de la tarjeta o el ID de la transacción. Nunca guardamos números de tarjeta completos.',
        ],
        [
          'Cookies y almacenamiento local',
          'Usamos el almacenamiento del navegador solo para lo que el servicio necesita: tu token de sesión y el idioma elegido. No usamos cookies publicitarias ni de seguimiento.',
        ],
        [
          'Comunicación de datos',
          'Solo compartimos datos con encargados que nos ayudan a prestar el servicio (alojamiento, envío de correo, procesamiento de pagos), con contratos que los protegen, y con las autoridades cuando la ley lo exige. Cuando compartes un rango, el destinatario ve tu nombre de usuario y el contenido compartido.',
        ],
        [
          'Conservación',
          'Conservamos los datos de la cuenta mientras exista. Los registros de pagos y contables se guardan durante el plazo que exige la normativa fiscal. Los registros de seguridad se conservan hasta 90 días. Tras eliminar tu cuenta, borramos o anonimizamos tus datos personales en 30 días, salvo los que la ley nos obliga a conservar.',
        ],
        [
          'Tus derechos',
          'Puedes solicitar el acceso, la rectificación, la supresión, la limitación y la portabilidad de tus datos, y oponerte al tratamiento basado en el interés legítimo. También puedes reclamar ante la autoridad de protección de datos. Escribe a {email}; respondemos en el plazo de un mes.',
        ],
        [
          'Seguridad',
          'Las conexiones van cifradas, las contraseñas se guardan con hash, los tokens de acceso se guardan con hash y se revocan al cerrar sesión, y solo accede a los datos de producción el personal que lo necesita.',
        ],
        [
          'Cambios',
          'Publicaremos cualquier actualización de esta política con una nueva fecha de entrada en vigor y avisaremos a los usuarios con sesión iniciada de los cambios importantes.',
        ],
      ],
    },
    returns: {
      title: 'Política de devoluciones',
      lead: 'Esta política explica cuándo puedes recuperar tu dinero por compras en RangeForge a {company}. No limita tus derechos legales como consumidor.',
      sections: [
        [
          'Contenido digital',
          'Premium, los packs de estrategias y los cursos en vídeo son contenido digital que se suministra inmediatamente después del pago. Al comprar, nos pides que empecemos a suministrarlo de inmediato y reconoces que el derecho legal de desistimiento de 14 días termina en cuanto el contenido está disponible en tu cuenta.',
        ],
        [
          'Cuándo reembolsamos',
          'Reembolsamos el importe íntegro si se te cobró dos veces el mismo artículo, si se cobró el pago pero no se concedió el acceso en 24 horas y no podemos solucionarlo, si el contenido difiere sustancialmente de su descripción o si un fallo técnico por nuestra parte te impide usarlo y no podemos repararlo en un plazo razonable.',
        ],
        [
          'Reembolsos de cortesía',
          'Si no has abierto ninguna estrategia comprada ni has visto ninguna lección de un curso, puedes pedir el reembolso en los 14 días siguientes a la compra y normalmente lo concederemos.',
        ],
        [
          'Pagos manuales',
          'Las transferencias a tarjeta bancaria y los pagos en Bitcoin y Tether que no podamos asociar a un pedido se devuelven al remitente tras comprobarlos, descontando las comisiones de red o bancarias que se nos cobren. Los reembolsos en criptomoneda se envían en la misma moneda a una dirección que confirmes por escrito.',
        ],
        [
          'Pagos por referidos',
          'Cuando se reembolsa un pago, se anula la recompensa por referido pagada por él.',
        ],
        [
          'Cómo solicitarlo',
          'Escribe a {email} desde el correo de tu cuenta indicando la fecha, el importe y el método de pago. Respondemos en 5 días hábiles; los reembolsos aprobados se envían al método de pago original en 10 días hábiles.',
        ],
      ],
    },
  },
};

function fill(text) {
  return text
    .replaceAll('{company}', COMPANY.name)
    .replaceAll('{address}', COMPANY.address)
    .replaceAll('{tax}', COMPANY.taxNumber)
    .replaceAll('{email}', COMPANY.email)
    .replaceAll('{site}', COMPANY.site)
    .replaceAll('{date}', EFFECTIVE);
}

const GREEN = '#15803d';
const TEXT = '#1f2933';
const MUTED = '#5b6670';

function writePdf(language, key, target) {
  const texts = TEXTS[language];
  const doc = texts[key];
  const fonts = language === 'zh-CN' ? FONTS.cjk : FONTS.latin;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 72, left: 64, right: 64 },
    bufferPages: true,
    // A fixed date keeps the committed output byte-stable between runs.
    info: {
      Title: `${doc.title} — RangeForge`,
      Author: COMPANY.name,
      Subject: doc.title,
      CreationDate: new Date(EFFECTIVE),
    },
    lang: language,
  });
  pdf.registerFont('body', fonts.regular.file, fonts.regular.family);
  pdf.registerFont('bold', fonts.bold.file, fonts.bold.family);
  const stream = createWriteStream(target);
  pdf.pipe(stream);

  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  pdf.font('bold').fontSize(11).fillColor(GREEN).text('RangeForge', { continued: false });
  pdf.moveDown(0.6);
  pdf.font('bold').fontSize(22).fillColor(TEXT).text(doc.title, { width });
  pdf.moveDown(0.3);
  pdf.font('body').fontSize(10).fillColor(MUTED).text(fill(texts.meta.effective), { width });
  pdf.moveDown(1);
  pdf.font('body').fontSize(11).fillColor(TEXT).text(fill(doc.lead), { width, lineGap: 3 });

  doc.sections.forEach(([heading, body], index) => {
    pdf.moveDown(1);
    pdf
      .font('bold')
      .fontSize(13)
      .fillColor(GREEN)
      .text(`${index + 1}. ${heading}`, { width });
    pdf.moveDown(0.35);
    pdf.font('body').fontSize(11).fillColor(TEXT).text(fill(body), { width, lineGap: 3 });
  });

  pdf.moveDown(1.5);
  pdf
    .font('body')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${COMPANY.name} · ${COMPANY.address} · ${COMPANY.taxNumber}`, { width });
  pdf.text(fill(texts.meta.contact), { width });

  // Footer with page numbers, written once every page exists.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const label = texts.meta.page.replace('{n}', String(i + 1)).replace('{total}', String(range.count));
    pdf
      .font('body')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${doc.title} · ${label}`, pdf.page.margins.left, pdf.page.height - 44, {
        width,
        align: 'center',
      });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
}

async function main() {
  for (const fontSet of Object.values(FONTS)) {
    for (const { file } of Object.values(fontSet)) {
      if (!existsSync(file))
        throw new Error(`Font missing: ${file} (apt-get install fonts-dejavu-core fonts-noto-cjk)`);
    }
  }
  for (const language of Object.keys(TEXTS)) {
    const dir = path.join(outDir, language);
    mkdirSync(dir, { recursive: true });
    for (const [key, file] of Object.entries(FILES)) {
      const target = path.join(dir, `${file}.pdf`);
      await writePdf(language, key, target);
      console.log(`wrote ${path.relative(root, target)}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
