/**
 * The web client's own words in English and Japanese, and the choice between them.
 *
 * Messages about the rules (why a card cannot be played, why an action was refused) are NOT here: the API
 * sends them already translated, chosen by the Accept-Language header the client sends. This module holds
 * only the page's labels, plus Japanese names and descriptions of the presets and switches, which the API
 * lists in English only.
 */

export const LANGUAGES = ["en", "ja"];

const en = {
  title: "Spades",
  lang_other: "日本語",
  lobby_title: "New game",
  your_name: "Your name",
  rules: "Rules",
  custom: "Custom (choose the switches)",
  custom_base: "Starting from",
  custom_help: "Change any switch; the service checks that the combination can be played.",
  strength: "CPU opponents",
  partner_note: "Your partner is a CPU at normal strength.",
  level_easy: "Easy",
  level_normal: "Normal",
  level_hard: "Hard",
  start: "Start",
  starting: "Opening the table…",
  continue_title: "Unfinished game",
  continue: "Continue",
  continue_info: "{preset} · hand {hand} · {us}–{them}",
  seat_0: "You",
  seat_1: "Left",
  seat_2: "Partner",
  seat_3: "Right",
  team_0: "You & partner",
  team_1: "Opponents",
  score: "Score",
  bags: "Bags",
  target: "Play to {n}",
  bid: "Bid",
  dealer: "Dealer",
  won: "Won",
  nil: "Nil",
  blind: "blind",
  blind_nil: "Blind nil",
  your_bid: "Your bid: how many tricks can you take?",
  your_play: "Your turn: play a card.",
  your_exchange: "Choose {n} card(s) to pass to your partner.",
  your_look: "You may bid blind nil before looking at your cards.",
  waiting_for: "Waiting for {seat}…",
  waiting_exchange: "Waiting for the exchange…",
  hint: "Suggested bid: {n}",
  hint_counted: "Counted:",
  hint_none: "no sure tricks",
  bid_hint_button: "Bid {n}",
  look: "Look at my cards",
  pass: "Pass",
  illegal_help: "Dimmed cards cannot be played now: press one to see why.",
  last_trick: "Last trick",
  took_trick: "{seat} took it",
  trick_n: "Trick {n}",
  taken_bid: "Taken/bid",
  held_pause: "The trick is over: a moment to look at it (or press the table).",
  held_click: "The trick is over: press the table or \u201cNext trick\u201d to go on.",
  next_trick: "Next trick",
  next_trick_now: "Go on",
  after_trick: "After a trick",
  trick_end_pause: "pause, then go on",
  trick_end_click: "wait for my click",
  pace: "CPU pace",
  pace_slow: "slow",
  pace_normal: "normal",
  pace_fast: "fast",
  spades_broken: "Spades broken",
  hand_title: "Hand {n}: the score",
  row_contract: "Bid",
  row_tricks: "Tricks",
  row_contract_points: "For the bid",
  row_overtricks: "Overtricks",
  row_bag_penalty: "Bag penalty",
  row_nil: "Nil ({seat})",
  row_blind_nil: "Blind nil ({seat})",
  row_ten_for_two_hundred: "10 for 200",
  row_boston: "Boston",
  row_points: "This hand",
  row_score: "Score",
  row_bags: "Bags",
  made: "made",
  set: "set",
  next_hand: "Next hand",
  close: "Close",
  game_over: "Game over",
  you_win: "You and your partner win!",
  they_win: "The opponents win.",
  draw: "A draw.",
  new_game: "New game",
  back: "Lobby",
  last_hand: "Last hand",
  seconds: "{s}s left",
  replaced: "A CPU is playing your seat after your timeouts.",
  take_back: "Take my seat back",
  live: "live",
  reconnecting: "reconnecting…",
  events: "Events",
  ev_deal: "Hand {n} dealt",
  ev_bid: "{seat} bid {n}",
  ev_bid_nil: "{seat} bid nil",
  ev_bid_blind_nil: "{seat} bid blind nil",
  ev_look: "{seat} looked at their cards",
  ev_exchange: "{seat} passed {n} card(s)",
  ev_play: "{seat} played {card}",
  ev_trick: "{seat} took trick {n}",
  ev_hand_over: "Hand {n} over: {us}–{them}",
  ev_game_over: "Game over",
  ev_resign: "{seat} resigned",
  ev_timeout: "{seat} ran out of time",
  stale: "The table moved on; showing it as it is now.",
  network: "Cannot reach the service; retrying…",
  yes: "on",
  no: "off",
  unset: "(none)",
};

const ja = {
  title: "スペード",
  lang_other: "English",
  lobby_title: "新しいゲーム",
  your_name: "あなたの名前",
  rules: "ルール",
  custom: "自分で決める",
  custom_base: "もとにするルール",
  custom_help: "好きなスイッチを変えられます。遊べない組み合わせはサーバーが教えてくれます。",
  strength: "相手のCPUの強さ",
  partner_note: "パートナーのCPUは「ふつう」です。",
  level_easy: "やさしい",
  level_normal: "ふつう",
  level_hard: "つよい",
  start: "はじめる",
  starting: "テーブルを用意しています…",
  continue_title: "途中のゲーム",
  continue: "続きから",
  continue_info: "{preset}・第{hand}回・{us}対{them}",
  seat_0: "あなた",
  seat_1: "左の相手",
  seat_2: "パートナー",
  seat_3: "右の相手",
  team_0: "あなたとパートナー",
  team_1: "相手チーム",
  score: "得点",
  bags: "バッグ",
  target: "{n}点先取",
  bid: "宣言",
  dealer: "親（配った人）",
  won: "取った",
  nil: "ニル",
  blind: "ブラインド",
  blind_nil: "ブラインドニル",
  your_bid: "あなたの宣言の番です。何回取れそうですか？",
  your_play: "あなたの番です。札を出してください。",
  your_exchange: "パートナーに渡す札を{n}枚選んでください。",
  your_look: "手札を見る前なら、ブラインドニルを宣言できます。",
  waiting_for: "{seat}の番です…",
  waiting_exchange: "札の交換を待っています…",
  hint: "目安: {n}",
  hint_counted: "数えた札:",
  hint_none: "確実に取れる札はありません",
  bid_hint_button: "{n}と宣言",
  look: "手札を見る",
  pass: "渡す",
  illegal_help: "暗くなっている札は今は出せません。押すと理由が出ます。",
  last_trick: "前のトリック",
  took_trick: "{seat}が取りました",
  trick_n: "{n}回目のトリック",
  taken_bid: "取った/宣言",
  held_pause: "トリックが終わりました。少しのあいだ確かめられます（テーブルを押すとすぐ次へ）。",
  held_click: "トリックが終わりました。テーブルか「次のトリックへ」を押すと進みます。",
  next_trick: "次のトリックへ",
  next_trick_now: "次へ",
  after_trick: "トリックのあと",
  trick_end_pause: "少し待って次へ",
  trick_end_click: "クリックで次へ",
  pace: "CPUの速さ",
  pace_slow: "ゆっくり",
  pace_normal: "ふつう",
  pace_fast: "はやい",
  spades_broken: "スペードブレイク済み",
  hand_title: "第{n}回の得点",
  row_contract: "宣言",
  row_tricks: "取った回数",
  row_contract_points: "宣言の点",
  row_overtricks: "宣言より多く取った分",
  row_bag_penalty: "バッグの減点",
  row_nil: "ニル（{seat}）",
  row_blind_nil: "ブラインドニル（{seat}）",
  row_ten_for_two_hundred: "10以上の宣言",
  row_boston: "ボストン",
  row_points: "今回の点",
  row_score: "合計",
  row_bags: "バッグ",
  made: "成功",
  set: "失敗",
  next_hand: "次へ",
  close: "閉じる",
  game_over: "ゲーム終了",
  you_win: "あなたのチームの勝ちです！",
  they_win: "相手チームの勝ちです。",
  draw: "引き分けです。",
  new_game: "新しいゲーム",
  back: "はじめの画面",
  last_hand: "前回の得点",
  seconds: "残り{s}秒",
  replaced: "時間切れが続いたので、CPUが代わりに出しています。",
  take_back: "席に戻る",
  live: "接続中",
  reconnecting: "再接続中…",
  events: "できごと",
  ev_deal: "第{n}回を配りました",
  ev_bid: "{seat}: {n}と宣言",
  ev_bid_nil: "{seat}: ニルを宣言",
  ev_bid_blind_nil: "{seat}: ブラインドニルを宣言",
  ev_look: "{seat}が手札を見ました",
  ev_exchange: "{seat}が{n}枚渡しました",
  ev_play: "{seat}: {card}",
  ev_trick: "{seat}が{n}回目のトリックを取りました",
  ev_hand_over: "第{n}回終了: {us}対{them}",
  ev_game_over: "ゲーム終了",
  ev_resign: "{seat}が投了しました",
  ev_timeout: "{seat}の時間切れ",
  stale: "状況が進んでいたので、最新の状態を表示しました。",
  network: "サーバーにつながりません。再試行しています…",
  yes: "あり",
  no: "なし",
  unset: "（なし）",
};

/** Preset names and descriptions; the API's own (English) description is used where none is here. */
export const PRESETS = {
  en: {
    standard: ["Standard", null], easy: ["Easy", null], classic: ["Classic", null], yahoo: ["Yahoo", null],
    suicide: ["Suicide", null], double_nil_pass: ["Double nil pass", null], mirror: ["Mirror", null],
    whiz: ["Whiz", null], speed: ["Speed", null], short: ["Short", null],
  },
  ja: {
    standard: ["標準", "ふつうのルール。ニルあり、ニル失敗の回はバッグ、500点先取。"],
    easy: ["かんたん", "ニルなし、宣言に届かなくても減点なし、200点先取の短い勝負。"],
    classic: ["クラシック", "100点以上負けているチームはブラインドニルができ、パートナーと2枚交換。"],
    yahoo: ["Yahoo式", "ニル失敗の回はパートナーの宣言に数える。ブラインドニルあり。"],
    suicide: ["スーサイド", "各チームの1人は必ずニル。500点か500点差で勝ち。"],
    double_nil_pass: ["ダブルニル・パス", "200点以上負けているときだけブラインドニル。そのチームは2枚交換。"],
    mirror: ["ミラー", "宣言は持っているスペードの枚数と同じ（0枚ならニル）。"],
    whiz: ["ウィズ", "宣言は持っているスペードの枚数か、ニル。"],
    speed: ["スピード", "1手10秒の持ち時間。時間切れは自動で出します。"],
    short: ["ショート", "250点先取、バッグ5個で50点減点。"],
  },
};

/** The switches offered in the custom form, with their labels. What each one means comes from the API. */
export const SWITCHES = {
  en: {
    nil: "Nil allowed", blind_nil: "Blind nil", failed_nil_counts_for_partner: "Failed nil counts for partner",
    nil_value: "Nil value", set_penalty: "Set costs the bid", spades_broken: "Spades must be broken",
    target: "Points to win", bag_limit: "Bags before penalty", bag_penalty: "Bag penalty",
    hand_cap: "Hand limit", move_seconds: "Seconds per move",
  },
  ja: {
    nil: "ニルあり", blind_nil: "ブラインドニル", failed_nil_counts_for_partner: "ニル失敗の回をパートナーに数える",
    nil_value: "ニルの点", set_penalty: "宣言に届かないと減点", spades_broken: "スペードブレイクが必要",
    target: "勝ちになる点", bag_limit: "減点になるバッグの数", bag_penalty: "バッグの減点",
    hand_cap: "最大の回数", move_seconds: "1手の秒数",
  },
};

const TABLES = { en, ja };

let current = "en";

/** The language to start in: the one chosen before on this browser, else the browser's preference. */
export function detectLanguage() {
  const kept = localStorage.getItem("spades.lang");
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().slice(0, 2);
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  localStorage.setItem("spades.lang", current);
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

/** The message `key` in the current language with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const text = TABLES[current][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fill every element marked data-i18n="key" under `root` with its text. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
