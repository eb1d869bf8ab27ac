import type { Locale } from '@tsudoi/common';

/**
 * The public site's words, Japanese first (spec §1: landing copy, plans and
 * prices; §10: terms summary). Kept here and not in the UI catalogues: these
 * pages are rendered by the server and the floor UI never loads them.
 */
export interface SiteCopy {
  lang: Locale;
  nav: { tutorial: string; feature: string; step: string; pricing: string; contact: string; menu: string };
  login: string;
  trial: string;
  language: string;
  skip: string;
  hero: { eyebrow: string; title: string; lead: string; note: string };
  tutorial: { title: string; lead: string; steps: { title: string; text: string }[] };
  special: { title: string; lead: string; items: { title: string; text: string }[] };
  features: { title: string; items: { title: string; text: string }[] };
  pricing: {
    title: string;
    pageTitle: string;
    lead: string;
    perUser: string;
    free: string;
    starter: { name: string; price: string; summary: string; items: string[]; cta: string };
    business: { name: string; price: string; summary: string; items: string[]; cta: string; badge: string };
    notes: string[];
    more: string;
  };
  contactCta: { title: string; text: string; button: string };
  footer: {
    privacy: string;
    terms: string;
    contact: string;
    pricing: string;
    test: string;
    rights: string;
    social: string;
  };
  landing: Record<'lpa' | 'lpb' | 'lpc', { title: string; lead: string; points: string[] }>;
  contact: {
    title: string;
    lead: string;
    name: string;
    company: string;
    companyHint: string;
    email: string;
    phone: string;
    optional: string;
    required: string;
    inquiry: string;
    submit: string;
    sentTitle: string;
    sentText: string;
    back: string;
    errorSummary: string;
  };
  test: {
    title: string;
    lead: string;
    browser: string;
    camera: string;
    microphone: string;
    network: string;
    start: string;
    waiting: string;
    ok: string;
    failed: string;
    noJs: string;
    preview: string;
  };
  privacyTitle: string;
  termsTitle: string;
  updated: string;
}

const ja: SiteCopy = {
  lang: 'ja',
  nav: {
    tutorial: '使い方',
    feature: '特徴',
    step: '機能',
    pricing: '料金',
    contact: 'お問い合わせ',
    menu: 'メニュー',
  },
  login: 'ログイン',
  trial: '無料で始める',
  language: '言語',
  skip: '本文へスキップ',
  hero: {
    eyebrow: 'バーチャルオフィス & イベントフロア',
    title: 'チームが自然に集まる、オンラインのフロア。',
    lead: 'アイコンを動かして部屋に入るだけで、ビデオと音声の会話が始まります。画面共有、チャット、プレゼン、来客対応、勤怠まで、ひとつのフロアで。',
    note: 'スターターは5名まで無料。クレジットカード不要で今すぐ始められます。',
  },
  tutorial: {
    title: '使い方',
    lead: 'フロアの作成は15分もかかりません。',
    steps: [
      { title: 'フロアを作る', text: '基本設定、フロアの詳細、間取りを選んで、メンバーとゲストを招待します。' },
      { title: '部屋に入る', text: 'アイコンを部屋へ動かすと、同じ部屋の人とすぐにビデオと音声でつながります。' },
      { title: 'いっしょに働く', text: '画面共有、チャット、プレゼン、予約した会議室での来客対応まで、その場で。' },
    ],
  },
  special: {
    title: '特徴',
    lead: '「ちょっといいですか」が、オンラインでも言えるオフィス。',
    items: [
      { title: '話しかけやすい距離感', text: '誰がどの部屋にいるかがひと目でわかり、ノックひとつで会話に加われます。' },
      { title: 'ゲストもそのまま入室', text: '招待リンクから、アカウントなしでゲストラウンジや予約した会議室へ。' },
      { title: '日本時間で、日本語で', text: '日本語が標準。英語にも切り替えられ、フロアの時刻は日本時間で揃います。' },
    ],
  },
  features: {
    title: '機能',
    items: [
      { title: 'ビデオ・音声・画面共有', text: '部屋ごとの会話。画面共有は1部屋1人ずつ(デスクトップ)。' },
      { title: 'チャット', text: 'フロア全体、テーブル、個別。ファイル添付、返信、編集、送信取り消し。' },
      { title: 'プレゼンと全体会議', text: 'ステージでの発表と質問リスト、全員参加のカンファレンス。' },
      { title: '会議室とゲストラウンジの予約', text: 'ゲストも予約に参加できます。' },
      { title: '録画と AI 議事録', text: '録画、文字起こし、議事録や要約(ビジネスプラン)。' },
      { title: '勤怠・シフト', text: '出退勤、シフト、勤務時間の記録(ビジネスプラン)。' },
      { title: 'カメラ効果', text: '背景ぼかし、背景画像。' },
      { title: 'かんたんログイン', text: 'メールとパスワード、Google、Facebook。' },
    ],
  },
  pricing: {
    title: '料金',
    pageTitle: '料金プラン',
    lead: 'チームの人数と必要な機能に合わせて。いつでもアップグレードできます。',
    perUser: '1ユーザー / 月',
    free: '無料',
    starter: {
      name: 'スターター',
      price: '¥0',
      summary: '小さなチームのはじめの一歩に。',
      items: ['5ユーザーまで', 'フロア数・会議時間は無制限', 'ビデオ・音声・画面共有・チャット', 'ゲスト招待'],
      cta: '無料で始める',
    },
    business: {
      name: 'ビジネス',
      price: '¥2,500',
      summary: '組織の毎日の仕事場に。',
      items: ['25ユーザーまで', 'スターターのすべての機能', '録画', 'AI 文字起こし・議事録・要約', '勤怠・シフト管理'],
      cta: '無料トライアルを始める',
      badge: 'おすすめ',
    },
    notes: [
      '1フロアの同時接続は最大50名(推奨30名)。',
      'ご契約は1か月単位で自動更新されます。返金はいたしません。',
      'お支払いはカード決済サービスを通じて行われます。決済サービスはフロアの内容を記録しません。',
      '無料トライアルの終了は、少なくとも1か月前にお知らせします。',
    ],
    more: '料金の詳細',
  },
  contactCta: {
    title: '導入のご相談はお気軽に',
    text: 'チームの規模や使い方に合わせて、最適な始め方をご案内します。',
    button: 'お問い合わせ',
  },
  footer: {
    privacy: 'プライバシーポリシー',
    terms: '利用規約',
    contact: 'お問い合わせ',
    pricing: '料金',
    test: '接続テスト',
    rights: 'All rights reserved.',
    social: 'ソーシャルメディア',
  },
  landing: {
    lpa: {
      title: 'リモートでも、同じオフィスにいる安心感を。',
      lead: '在宅とオフィスが混ざったチームのための、いつでも声をかけられるバーチャルオフィス。',
      points: ['誰がどこにいるか一目でわかる', '部屋に入るだけで会話が始まる', '5名まで無料'],
    },
    lpb: {
      title: 'オンラインイベントを、会場のように。',
      lead: 'ステージでの発表、質問リスト、テーブルごとの交流。参加者は最大50名まで同じフロアに。',
      points: ['発表と質疑応答をひとつの画面で', 'ゲストはアカウント不要', 'カレンダーへの追加もワンクリック'],
    },
    lpc: {
      title: '来客対応も、勤怠も、ひとつのフロアで。',
      lead: '受付、会議室の予約、出退勤とシフト。バックオフィスの毎日をフロアにまとめます。',
      points: ['会議室とゲストラウンジの予約', '勤怠・シフト管理(ビジネス)', '録画と AI 議事録(ビジネス)'],
    },
  },
  contact: {
    title: 'お問い合わせ',
    lead: '内容を確認のうえ、担当者よりメールでご連絡いたします。',
    name: 'お名前',
    company: '会社名または「個人」',
    companyHint: '個人の方は「個人」とご記入ください。',
    email: 'メールアドレス',
    phone: '電話番号',
    optional: '任意',
    required: '必須',
    inquiry: 'お問い合わせ内容',
    submit: '送信する',
    sentTitle: '送信しました',
    sentText: 'お問い合わせを受け付けました。担当者よりご連絡いたします。',
    back: 'トップへ戻る',
    errorSummary: '入力内容をご確認ください。',
  },
  test: {
    title: '接続テスト',
    lead: '会議の前に、このブラウザでカメラ、マイク、ネットワークが使えるか確認できます。ログインは不要です。',
    browser: 'ブラウザ',
    camera: 'カメラ',
    microphone: 'マイク',
    network: 'ネットワーク',
    start: 'テストを開始',
    waiting: '未確認',
    ok: 'OK',
    failed: '使用できません',
    noJs: 'このテストには JavaScript が必要です。',
    preview: 'カメラのプレビュー',
  },
  privacyTitle: 'プライバシーポリシー',
  termsTitle: '利用規約',
  updated: '最終更新日: 2026年11月25日',
};

const en: SiteCopy = {
  lang: 'en',
  nav: {
    tutorial: 'How to use',
    feature: 'Special features',
    step: 'Features',
    pricing: 'Fee',
    contact: 'Contact',
    menu: 'Menu',
  },
  login: 'Log in',
  trial: 'Start free',
  language: 'Language',
  skip: 'Skip to content',
  hero: {
    eyebrow: 'Virtual office & event floors',
    title: 'An online floor where your team naturally comes together.',
    lead: 'Move your icon into a room and the video and voice conversation starts. Screen sharing, chat, presentations, guests and attendance, all on one floor.',
    note: 'Starter is free for up to 5 users. No card needed to begin.',
  },
  tutorial: {
    title: 'How to use',
    lead: 'Creating a floor takes less than 15 minutes.',
    steps: [
      {
        title: 'Create a floor',
        text: 'Choose the basic settings, the floor details and a floor plan, then invite members and guests.',
      },
      {
        title: 'Walk into a room',
        text: 'Move your icon into a room and you are talking by video and voice with everyone in it.',
      },
      {
        title: 'Work together',
        text: 'Share a screen, chat, present, and meet guests in a booked meeting room, right there.',
      },
    ],
  },
  special: {
    title: 'Special features',
    lead: 'An office where “got a minute?” works online too.',
    items: [
      { title: 'Easy to approach', text: 'See who is in which room at a glance and join a conversation with a knock.' },
      {
        title: 'Guests walk straight in',
        text: 'From an invitation link, guests enter the lounge or a booked room without an account.',
      },
      {
        title: 'Japan time, two languages',
        text: 'Japanese by default, English at a click; floor times are in Japan time.',
      },
    ],
  },
  features: {
    title: 'Features',
    items: [
      { title: 'Video, voice and screen', text: 'Conversations by room. One screen sharer per room (desktop).' },
      { title: 'Chat', text: 'Whole floor, table and private. Attachments, reply, edit and unsend.' },
      {
        title: 'Presentations and all-hands',
        text: 'Present on stage with a Q&A list; hold conferences for everyone.',
      },
      { title: 'Meeting rooms and guest lounges', text: 'Book rooms; guests can join appointments.' },
      { title: 'Recording and AI minutes', text: 'Record with transcript, minutes or summary (Business).' },
      { title: 'Attendance and shifts', text: 'Timecard, shifts and time logs (Business).' },
      { title: 'Camera effects', text: 'Background blur or a background image.' },
      { title: 'Simple sign-in', text: 'E-mail and password, Google or Facebook.' },
    ],
  },
  pricing: {
    title: 'Fee',
    pageTitle: 'Pricing',
    lead: 'Pick the plan for your team size and needs. Upgrade any time.',
    perUser: 'per user / month',
    free: 'Free',
    starter: {
      name: 'Starter',
      price: '$0',
      summary: 'The first step for a small team.',
      items: [
        'Up to 5 users',
        'Unlimited floors and meeting time',
        'Video, voice, screen sharing and chat',
        'Guest invitations',
      ],
      cta: 'Start free',
    },
    business: {
      name: 'Business',
      price: '$20',
      summary: 'The everyday workplace of your organisation.',
      items: [
        'Up to 25 users',
        'Everything in Starter',
        'Recording',
        'AI transcript, minutes and summaries',
        'Timecard and shift management',
      ],
      cta: 'Start the free trial',
      badge: 'Recommended',
    },
    notes: [
      'Up to 50 simultaneous users per floor (30 recommended).',
      'Contracts are monthly and renew automatically. There are no refunds.',
      'Payment goes through a card payment provider, which never records floor content.',
      'We tell you at least one month before a free trial ends.',
    ],
    more: 'Pricing details',
  },
  contactCta: {
    title: 'Questions about getting started?',
    text: 'Tell us about your team and how you work, and we will suggest the best way to begin.',
    button: 'Contact us',
  },
  footer: {
    privacy: 'Privacy policy',
    terms: 'Terms of use',
    contact: 'Contact',
    pricing: 'Pricing',
    test: 'Connection test',
    rights: 'All rights reserved.',
    social: 'Social media',
  },
  landing: {
    lpa: {
      title: 'Remote, with the ease of sharing one office.',
      lead: 'A virtual office for hybrid teams, where you can always say hello.',
      points: ['See who is where at a glance', 'Walk into a room to start talking', 'Free for up to 5 users'],
    },
    lpb: {
      title: 'Online events that feel like a venue.',
      lead: 'Stage talks, a Q&A list and table conversations, with up to 50 people on one floor.',
      points: ['Talks and Q&A on one screen', 'Guests need no account', 'Add to calendar in one click'],
    },
    lpc: {
      title: 'Guests and attendance, on the same floor.',
      lead: 'Reception, room booking, timecard and shifts: your back office every day, on one floor.',
      points: [
        'Book meeting rooms and guest lounges',
        'Timecard and shifts (Business)',
        'Recording and AI minutes (Business)',
      ],
    },
  },
  contact: {
    title: 'Contact',
    lead: 'We read every inquiry and reply by e-mail.',
    name: 'Name',
    company: 'Company or “individual”',
    companyHint: 'If you are asking for yourself, write “individual”.',
    email: 'Email',
    phone: 'Phone',
    optional: 'Optional',
    required: 'Required',
    inquiry: 'Inquiry',
    submit: 'Send',
    sentTitle: 'Sent',
    sentText: 'Thank you. We have received your inquiry and will get back to you.',
    back: 'Back to the top',
    errorSummary: 'Please check the form.',
  },
  test: {
    title: 'Connection test',
    lead: 'Before a meeting, check that this browser can use your camera, microphone and network. No sign-in needed.',
    browser: 'Browser',
    camera: 'Camera',
    microphone: 'Microphone',
    network: 'Network',
    start: 'Start the test',
    waiting: 'Not checked',
    ok: 'OK',
    failed: 'Not available',
    noJs: 'This test needs JavaScript.',
    preview: 'Camera preview',
  },
  privacyTitle: 'Privacy policy',
  termsTitle: 'Terms of use',
  updated: 'Last updated: 25 November 2026',
};

export const SITE_COPY: Record<Locale, SiteCopy> = { ja, en };
