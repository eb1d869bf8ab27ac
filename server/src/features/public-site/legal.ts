import type { Locale } from '@tsudoi/common';

/** A legal page: numbered sections of paragraphs (spec §10 gives their substance). */
export type LegalText = { heading: string; paragraphs: string[] }[];

const termsJa: LegalText = [
  {
    heading: '第1条(適用)',
    paragraphs: [
      '本規約は、Tsudoi(以下「本サービス」)の提供条件と、本サービスを利用するお客様と運営者との間の権利義務関係を定めるものです。お客様は、アカウント登録時に本規約に同意したうえで本サービスを利用するものとします。',
    ],
  },
  {
    heading: '第2条(アカウントと契約者)',
    paragraphs: [
      '契約で最初に作成されたアカウントを、その契約の管理者アカウントとします。管理者アカウントは、チームのプラン、お支払い、メンバーの招待と削除を管理します。',
      'お客様は、ログイン情報を自己の責任で管理し、第三者に利用させてはなりません。',
    ],
  },
  {
    heading: '第3条(プランと無料トライアル)',
    paragraphs: [
      'スタータープランは無料で、フロア数と会議時間は無制限、利用者は5名までです。ビジネスプランは有料で、利用者は25名まで、録画、AI 文字起こし・議事録・要約、勤怠・シフト管理を利用できます。',
      'ビジネスプランには無料トライアルがあります。トライアルの終了は、終了日の少なくとも1か月前に管理者アカウントへメールでお知らせします。トライアル終了までにご契約がない場合、チームはスタータープランに戻ります。',
    ],
  },
  {
    heading: '第4条(料金と支払い)',
    paragraphs: [
      'ビジネスプランの料金は、1ユーザーあたり月額2,500円(税別)です。ご契約は1か月を1期間とし、解約のお手続きがない限り自動的に更新されます。',
      'お支払いはカード決済サービスを通じて行われます。決済サービスは、フロアの映像、音声、チャットその他のフロアの内容を記録しません。',
      'お支払いいただいた料金は、理由のいかんを問わず返金いたしません。期間の途中で解約した場合も、その期間の終わりまでご利用いただけます。',
    ],
  },
  {
    heading: '第5条(禁止事項)',
    paragraphs: [
      '法令または公序良俗に反する行為、他の利用者や第三者の権利を侵害する行為、本サービスの運営を妨げる行為、不正アクセスやその試み、その他運営者が不適切と判断する行為を禁止します。',
    ],
  },
  {
    heading: '第6条(利用停止と契約の終了)',
    paragraphs: [
      'お客様が本規約に違反した場合、運営者は事前の通知なく利用を停止できます。',
      '6か月以上ご利用のないアカウントまたはチームについては、運営者は契約を終了することがあります。',
    ],
  },
  {
    heading: '第7条(免責)',
    paragraphs: [
      '運営者は、本サービスが中断なく提供されることを保証しません。通信環境や端末に起因する不具合について、運営者は責任を負いません。会議前には接続テストページでの確認をおすすめします。',
    ],
  },
  {
    heading: '第8条(規約の変更・準拠法)',
    paragraphs: [
      '運営者は、必要に応じて本規約を変更できます。変更後の規約は本ページに掲載した時点から効力を生じます。本規約は日本法に準拠し、紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。',
    ],
  },
];

const termsEn: LegalText = [
  {
    heading: '1. Scope',
    paragraphs: [
      'These terms set out how Tsudoi (the “Service”) is provided and the rights and duties between you and the operator. You agree to them when you create an account.',
    ],
  },
  {
    heading: '2. Accounts and the contract holder',
    paragraphs: [
      'The first account created under a contract is its admin account. It manages the team’s plan, payment, and inviting and removing members.',
      'You keep your sign-in details safe and do not let others use them.',
    ],
  },
  {
    heading: '3. Plans and the free trial',
    paragraphs: [
      'The Starter plan is free, with unlimited floors and meeting time, for up to 5 users. The paid Business plan is for up to 25 users and adds recording, AI transcript, minutes and summaries, and timecard and shift management.',
      'Business comes with a free trial. We e-mail the admin account at least one month before the trial ends. Without a subscription by then, the team returns to Starter.',
    ],
  },
  {
    heading: '4. Fees and payment',
    paragraphs: [
      'Business costs about 20 USD per user per month. A contract runs for one month and renews automatically unless it is cancelled.',
      'Payment goes through a card payment provider. The provider does not record the video, voice, chat or any other content of your floors.',
      'Fees paid are not refunded, whatever the reason. A subscription cancelled mid-period stays usable until the period ends.',
    ],
  },
  {
    heading: '5. Prohibited use',
    paragraphs: [
      'Unlawful use, infringing the rights of other users or third parties, disrupting the Service, unauthorised access or attempts at it, and anything else the operator reasonably finds inappropriate are prohibited.',
    ],
  },
  {
    heading: '6. Suspension and termination',
    paragraphs: [
      'If you break these terms, the operator may suspend your use without notice.',
      'An account or team inactive for 6 months or more may have its contract terminated.',
    ],
  },
  {
    heading: '7. Disclaimer',
    paragraphs: [
      'The operator does not guarantee uninterrupted service and is not responsible for problems caused by your network or device. We recommend the connection test page before a meeting.',
    ],
  },
  {
    heading: '8. Changes and governing law',
    paragraphs: [
      'The operator may change these terms; changes apply once published on this page. These terms are governed by Japanese law, and the Tokyo District Court has exclusive jurisdiction in the first instance.',
    ],
  },
];

const privacyJa: LegalText = [
  {
    heading: '1. 取得する情報',
    paragraphs: [
      'アカウント情報(お名前、メールアドレス、パスワードのハッシュ、プロフィール画像、所属チーム)、ソーシャルログインで提供される識別子、フロアへの入退室の記録、チャットとアップロードされたファイル、勤怠の記録、お問い合わせの内容を取得します。',
    ],
  },
  {
    heading: '2. 利用目的',
    paragraphs: [
      '本サービスの提供、本人確認、メールによるお知らせ(招待、パスワード再設定、トライアル終了のお知らせなど)、お問い合わせへの回答、不正利用の防止、サービス改善のために利用します。',
    ],
  },
  {
    heading: '3. 映像と音声',
    paragraphs: [
      'ビデオと音声は会話のために中継されるだけで、録画機能を利用した場合を除き保存されません。録画と文字起こしは、ビジネスプランで利用者が開始した場合にのみ作成されます。',
    ],
  },
  {
    heading: '4. お支払い情報',
    paragraphs: [
      'カード情報はカード決済サービスが直接取得し、本サービスのサーバーには保存されません。決済サービスはフロアの内容を記録しません。',
    ],
  },
  {
    heading: '5. 第三者提供',
    paragraphs: ['法令に基づく場合を除き、ご本人の同意なく個人情報を第三者に提供しません。'],
  },
  {
    heading: '6. Cookie とローカルストレージ',
    paragraphs: [
      '表示言語の記憶(365日)とログイン状態の保持に Cookie とブラウザのローカルストレージを使用します。広告目的のトラッキングは行いません。',
    ],
  },
  {
    heading: '7. 保存期間と削除',
    paragraphs: [
      '情報は利用目的に必要な期間保存します。アカウントの削除をご希望の場合は、お問い合わせフォームからご連絡ください。',
    ],
  },
  {
    heading: '8. お問い合わせ',
    paragraphs: ['個人情報の取り扱いに関するお問い合わせは、お問い合わせフォームからお送りください。'],
  },
];

const privacyEn: LegalText = [
  {
    heading: '1. What we collect',
    paragraphs: [
      'Account details (name, e-mail address, a hash of your password, profile picture, team), identifiers given by social sign-in, records of entering and leaving floors, chat messages and uploaded files, attendance records, and what you send with the contact form.',
    ],
  },
  {
    heading: '2. Why',
    paragraphs: [
      'To provide the Service, confirm who you are, send e-mails (invitations, password resets, trial-ending notices and so on), answer inquiries, prevent abuse and improve the Service.',
    ],
  },
  {
    heading: '3. Video and voice',
    paragraphs: [
      'Video and voice are relayed for your conversation and not stored, unless someone records. Recordings and transcripts exist only when a user starts them on the Business plan.',
    ],
  },
  {
    heading: '4. Payment details',
    paragraphs: [
      'Your card details go straight to the card payment provider and are never stored on our servers. The provider does not record floor content.',
    ],
  },
  {
    heading: '5. Sharing',
    paragraphs: [
      'We do not give personal data to third parties without your consent, except where the law requires it.',
    ],
  },
  {
    heading: '6. Cookies and local storage',
    paragraphs: [
      'A cookie remembers your language (365 days) and the browser’s local storage keeps you signed in. There is no advertising tracking.',
    ],
  },
  {
    heading: '7. Retention and deletion',
    paragraphs: [
      'We keep data as long as its purpose needs. To have your account deleted, write to us through the contact form.',
    ],
  },
  {
    heading: '8. Contact',
    paragraphs: ['Questions about your personal data: please use the contact form.'],
  },
];

export const TERMS: Record<Locale, LegalText> = { ja: termsJa, en: termsEn };
export const PRIVACY: Record<Locale, LegalText> = { ja: privacyJa, en: privacyEn };
