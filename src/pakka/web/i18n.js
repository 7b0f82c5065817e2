// The browser client's one catalogue of strings, in English and Finnish.
// t(key, vars) looks a key up in the current language (English if missing).
// Finnish is the default when the browser prefers it (navigator.languages).

export const CATALOGUE = {
  en: {
    app_title: "pakka",
    tagline: "Anarchy, Pentagrammi, Norlanninnakki and Guandan in your browser",
    language: "Suomeksi",
    create_table: "Create a table",
    game: "Game",
    players: "Players",
    options: "Variant options",
    seats: "Seats",
    seat_n: "Seat {n}",
    seat_person: "A person",
    seat_bot: "Bot",
    level_random: "random",
    level_easy: "easy",
    level_normal: "normal",
    level_hard: "hard",
    your_name: "Your name",
    public_table: "List the table publicly",
    turn_timer: "Turn timer (seconds, empty = none)",
    bot_delay: "Bot move delay (seconds)",
    create: "Create and sit down",
    join_code: "Join with an invite code",
    code: "Code",
    join: "Join",
    watch: "Watch",
    open_tables: "Open tables",
    no_open_tables: "No open tables right now. Create one!",
    refresh: "Refresh",
    rules: "Rules",
    no_rules: "The rules for this game are not available yet.",
    free_seats: "{n} free",
    invite: "Invite friends with this link or the code {code}",
    copy: "Copy",
    copied: "Copied",
    waiting_players: "Waiting for players: {n} seat(s) free",
    start: "Start",
    leave: "Leave the table",
    rematch: "Play again",
    replay: "Watch the replay",
    back_to_lobby: "Lobby",
    your_turn: "Your turn",
    waiting_for: "Waiting for {names}",
    match_over: "The match is over",
    winner: "Winner: {names}",
    deal: "Deal {n}",
    phase: "Phase",
    hand: "Your hand",
    table: "Table",
    scores: "Scores",
    score_sheet: "Score sheet",
    history: "History",
    log: "What happened",
    play: "Play",
    clear: "Clear",
    hint: "Hint",
    hint_is: "Hint: {text}",
    choose_which: "These cards can be played in several ways. Which one?",
    select_cards: "Select cards, then press Play.",
    no_match: "No legal move uses exactly these cards.",
    all_moves: "All legal moves ({n})",
    cards_n: "{n} cards",
    you: "you",
    bot: "bot",
    Bot: "Bot",
    score: "Score",
    away: "away (a bot plays)",
    offline: "offline",
    spectating: "You are watching.",
    connecting: "Connecting…",
    reconnecting: "Connection lost, reconnecting…",
    error: "Not allowed: {message}",
    join_table: "Join this table",
    table_full: "Every seat is taken.",
    not_found: "No such table.",
    step: "Step {n} / {total}",
    first: "|◀",
    prev: "◀",
    next: "▶",
    last: "▶|",
    view_as: "View as",
    spectator: "spectator",
    replay_of: "Replay: {title}, match {n}",
    started: "The match has started.",
    committed: "committed",
    rank: "Place",
    dealer: "dealer",
    trump: "trump",
    trick: "Current trick",
    last_trick: "Last trick",
    last_round: "Last round",
    event_generic: "{type}",
    seat_label: "{name}",
    total: "Total",
    sort_suit: "sort by suit",
    sort_rank: "sort by rank",
    other_device: "Play this seat on another device",
    other_device_help: "Open this link there. It holds your seat's secret token: share it with no one.",
  },
  fi: {
    app_title: "pakka",
    tagline: "Anarkia, Pentagrammi, Norlanninnakki ja Guandan selaimessa",
    language: "In English",
    create_table: "Perusta pöytä",
    game: "Peli",
    players: "Pelaajia",
    options: "Muunnelmat",
    seats: "Paikat",
    seat_n: "Paikka {n}",
    seat_person: "Ihminen",
    seat_bot: "Botti",
    level_random: "satunnainen",
    level_easy: "helppo",
    level_normal: "normaali",
    level_hard: "vaikea",
    your_name: "Nimesi",
    public_table: "Näytä pöytä kaikille",
    turn_timer: "Vuoroaika (sekuntia, tyhjä = ei rajaa)",
    bot_delay: "Bottien siirtoviive (sekuntia)",
    create: "Perusta ja istu",
    join_code: "Liity kutsukoodilla",
    code: "Koodi",
    join: "Liity",
    watch: "Katso",
    open_tables: "Avoimet pöydät",
    no_open_tables: "Avoimia pöytiä ei nyt ole. Perusta uusi!",
    refresh: "Päivitä",
    rules: "Säännöt",
    no_rules: "Tämän pelin sääntöjä ei ole vielä saatavilla.",
    free_seats: "{n} vapaana",
    invite: "Kutsu ystäviä tällä linkillä tai koodilla {code}",
    copy: "Kopioi",
    copied: "Kopioitu",
    waiting_players: "Odotetaan pelaajia: {n} paikkaa vapaana",
    start: "Aloita",
    leave: "Poistu pöydästä",
    rematch: "Uusi peli",
    replay: "Katso uusinta",
    back_to_lobby: "Aula",
    your_turn: "Sinun vuorosi",
    waiting_for: "Odotetaan: {names}",
    match_over: "Peli on päättynyt",
    winner: "Voittaja: {names}",
    deal: "Jako {n}",
    phase: "Vaihe",
    hand: "Kätesi",
    table: "Pöytä",
    scores: "Pisteet",
    score_sheet: "Pistetaulukko",
    history: "Historia",
    log: "Tapahtumat",
    play: "Pelaa",
    clear: "Tyhjennä",
    hint: "Vihje",
    hint_is: "Vihje: {text}",
    choose_which: "Nämä kortit voi pelata usealla tavalla. Mikä niistä?",
    select_cards: "Valitse kortit ja paina Pelaa.",
    no_match: "Mikään sallittu siirto ei käytä juuri näitä kortteja.",
    all_moves: "Kaikki sallitut siirrot ({n})",
    cards_n: "{n} korttia",
    you: "sinä",
    bot: "botti",
    Bot: "Botti",
    score: "Pisteet",
    away: "poissa (botti pelaa)",
    offline: "ei yhteyttä",
    spectating: "Katsot peliä.",
    connecting: "Yhdistetään…",
    reconnecting: "Yhteys katkesi, yhdistetään uudelleen…",
    error: "Ei sallittu: {message}",
    join_table: "Liity tähän pöytään",
    table_full: "Kaikki paikat on varattu.",
    not_found: "Pöytää ei löydy.",
    step: "Siirto {n} / {total}",
    first: "|◀",
    prev: "◀",
    next: "▶",
    last: "▶|",
    view_as: "Näkymä",
    spectator: "katsoja",
    replay_of: "Uusinta: {title}, peli {n}",
    started: "Peli alkoi.",
    committed: "valinnut",
    rank: "Sija",
    dealer: "jakaja",
    trump: "valtti",
    trick: "Tikki pöydässä",
    last_trick: "Edellinen tikki",
    last_round: "Edellinen kierros",
    event_generic: "{type}",
    seat_label: "{name}",
    total: "Yhteensä",
    sort_suit: "järjestä maittain",
    sort_rank: "järjestä arvoittain",
    other_device: "Pelaa tätä paikkaa toisella laitteella",
    other_device_help: "Avaa tämä linkki siellä. Siinä on paikkasi salainen tunniste: älä jaa sitä kenellekään.",
  },
};

// Words that appear in observations (phases, keys, contracts); shown translated when known.
export const WORDS = {
  fi: {
    bid: "tarjous", play: "pelaa", pass: "passaa", contract: "sopimus", over: "ohi",
    phase: "vaihe", dealer: "jakaja", forehand: "etukäsi", trump: "valtti", stock: "pakka",
    dead: "kuolleet", won: "voitetut", cards: "kortit", tricks: "tikit", points: "pisteet",
    high: "ylös", low: "alas", trick: "tikki", leader: "aloittaja", turn: "vuoro",
    hearts: "hertat", spades: "padat", clubs: "ristit", diamonds: "ruudut", black: "mustat",
    red: "punaiset", best: "paras", under: "alle", knock: "koputa", lurk: "väijy",
    discard: "hylkää", buy: "osta", declare: "ilmoita", pass_cards: "anna kortit",
    committed: "valinnut", passed: "antanut", played: "pelatut", voids: "puuttuvat maat",
    pot: "potti", knocker: "koputtaja", last_deal: "edellinen jako", deal_points: "jakopisteet",
    score_sheet: "pistetaulukko", last_trick: "edellinen tikki", last_round: "edellinen kierros",
    my_commit: "valintasi", remaining: "jäljellä", level: "taso", levels: "tasot",
    tribute: "vero", team: "joukkue", finished: "valmiit", none: "ei mitään",
    in: "mukana", rest: "lepää", left: "vasemmalle", right: "oikealle",
    round: "kierros", deal_scored: "jako pisteytetty", trick_won: "tikin voitti",
    deal_over: "jako päättyi", finish_order: "järjestys", winner: "voittaja", winners: "voittajat",
    scores: "pisteet", card: "kortti", seat: "paikka", combo: "yhdistelmä", place: "sija",
    return: "palauta", return_chosen: "palautus valittu", from: "keneltä", to: "kenelle",
    single: "yksittäinen", pair: "pari", triple: "kolmoset", full_house: "täyskäsi",
    straight: "suora", tube: "putki", plate: "levy", bomb: "pommi",
    straight_flush: "värisuora", joker_bomb: "jokeripommi", captured_by: "kaappasi",
  },
  en: {},
};

const KEY = "pakka.lang";

export function detectLanguage() {
  const saved = localStorage.getItem(KEY);
  if (saved === "fi" || saved === "en") return saved;
  const prefs = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const l = String(p).toLowerCase();
    if (l.startsWith("fi")) return "fi";
    if (l.startsWith("en")) return "en";
  }
  return "en";
}

let lang = detectLanguage();

export function getLanguage() { return lang; }

export function setLanguage(l) {
  lang = l;
  localStorage.setItem(KEY, l);
  document.documentElement.lang = l;
}

export function t(key, vars = {}) {
  const text = (CATALOGUE[lang] && CATALOGUE[lang][key]) ?? CATALOGUE.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

// A word from an observation, translated if the catalogue knows it, else made readable.
export function word(w) {
  if (w === null || w === undefined) return "";
  const s = String(w);
  const known = WORDS[lang] && WORDS[lang][s];
  return known || s.replace(/_/g, " ");
}

// Fill every [data-i18n] element's text from the catalogue.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

// A button that switches between Finnish and English and re-renders via `onChange`.
export function languageButton(onChange) {
  const b = document.createElement("button");
  b.className = "lang";
  b.type = "button";
  b.textContent = t("language");
  b.addEventListener("click", () => {
    setLanguage(lang === "fi" ? "en" : "fi");
    b.textContent = t("language");
    translatePage();
    onChange();
  });
  return b;
}
