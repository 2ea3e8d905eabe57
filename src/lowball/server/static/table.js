/* lowball table page.

   Connects to ws://<host>/ws/<table> with the seat token the lobby stored in localStorage
   ("lowball-token-<table>"; none: a spectator), and renders every "state" message the server
   sends: the seats around the table, the pot, whose turn it is with a live countdown, your cards
   (click to choose a discard), and only the buttons the server's "legal" allows. "events" go into
   a log, one line per event number, never twice: the last number seen and the log's lines are
   kept in sessionStorage, so a reload sends it as "since" and the server sends only what came
   after. When the socket closes (a server restart) the page reconnects by itself. The hello asks
   for "batch": a frame may then hold several messages, a JSON array of them, in order.

   Seats are shown as people count them, from 1 ("Seat 1" is the JSON's seat 0); the JSON and
   the page's data-seat attributes keep the server's numbers, from 0.

   Security: every string from the server (player names are user input) enters the page through
   textContent or attribute values, never innerHTML. */
"use strict";

(function () {
  const tableId = decodeURIComponent(window.location.pathname.replace(/\/+$/, "").split("/").pop() || "");
  const TOKEN_KEY = "lowball-token-" + tableId;
  const SEAT_KEY = "lowball-seat-" + tableId; // the seat the token holds (the lobby shows it)
  let moving = false; // a sit & go moved the person to another table: this page goes there
  const SINCE_KEY = "lowball-since-" + tableId;
  const LOG_KEY = "lowball-log-" + tableId;
  const LOG_KEEP = 500; // log lines kept across reloads
  const PING_MS = 20000;
  const seatName = (seat) => "Seat " + (Number(seat) + 1); // as people count seats: from 1

  const $ = (id) => document.getElementById(id);
  const ui = {
    title: $("table-title"),
    status: $("status"),
    error: $("error"),
    seats: $("seats"),
    pot: $("pot"),
    phase: $("phase"),
    turn: $("turn"),
    hand: $("hand"),
    handNote: $("hand-note"),
    log: $("log"),
    showdown: $("showdown"),
    oddsPanel: $("odds-panel"),
    fold: $("btn-fold"),
    check: $("btn-check"),
    call: $("btn-call"),
    bet: $("btn-bet"),
    raise: $("btn-raise"),
    draw: $("btn-draw"),
    pat: $("btn-pat"),
    odds: $("btn-odds"),
    leave: $("btn-leave"),
    sitout: $("btn-sitout"),
    sizing: $("sizing"),
    amount: $("amount"),
    slider: $("amount-slider"),
  };

  /* ---------- cards and hands in players' words ---------- */

  const RANKS = "23456789TJQKA";
  const SUIT_SYMBOL = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const SUIT_NAME = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  // the table's game, from welcome and state: the server ranks and describes every hand
  const game = { ranking: "2-7", handSize: 5 };

  function setGame(data) {
    if (typeof data.ranking === "string") game.ranking = data.ranking;
    if (typeof data.hand_size === "number") game.handSize = data.hand_size;
    document.body.dataset.ranking = game.ranking;
  }

  /** Cards as a list of two-letter strings, from a list or from text such as "8s7h4d" or "8s 7h". */
  function cardList(cards) {
    if (Array.isArray(cards)) return cards.map(String);
    if (!cards) return [];
    const text = String(cards).replace(/[\s,]+/g, "");
    const out = [];
    for (let i = 0; i + 1 < text.length; i += 2) out.push(text.slice(i, i + 2));
    return out;
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /** A card face: rank and suit sign, coloured by suit (four colours, as card rooms online do).
      Only your own hand's cards carry data-card (what you click); the others carry data-face. */
  function cardFace(card, extraClass, attribute) {
    const rank = card[0].toUpperCase();
    const suit = card[1].toLowerCase();
    const node = el("span", {
      class: "card face suit-" + suit + (extraClass ? " " + extraClass : ""),
      [attribute || "data-face"]: rank + suit,
      title: (rank === "T" ? "10" : rank) + " of " + (SUIT_NAME[suit] || suit),
    });
    node.append(el("span", { class: "rank" }, rank === "T" ? "10" : rank));
    node.append(el("span", { class: "suit" }, SUIT_SYMBOL[suit] || suit));
    return node;
  }

  /** Cards highest first, as a low is read in the table's game (the order the server gives your
      own cards): the ace high in 2-7, low and last in A-5 and badugi ("5-4-3-2-A"). */
  function lowOrder(cards) {
    const aceLow = game.ranking !== "2-7";
    const rank = (c) => (aceLow && c[0].toUpperCase() === "A" ? -1 : RANKS.indexOf(c[0].toUpperCase()));
    const suit = (c) => "cdhs".indexOf(c[1].toLowerCase());
    return cardList(cards).sort((a, b) => rank(b) - rank(a) || suit(a) - suit(b));
  }

  function cardBack() {
    return el("span", { class: "card back", "aria-hidden": "true" });
  }

  function spaced(cards) {
    return cardList(cards).join(" ");
  }

  /* ---------- what the page remembers across reloads ---------- */

  let since = Number(sessionStorage.getItem(SINCE_KEY) || 0) || 0;
  let logLines = [];
  try {
    logLines = JSON.parse(sessionStorage.getItem(LOG_KEY) || "[]");
    if (!Array.isArray(logLines)) logLines = [];
  } catch (e) {
    logLines = [];
  }
  let ownDiscards = { hand: null, cards: [] }; // this hand's thrown cards: dead for "What to throw?"
  try {
    const saved = JSON.parse(sessionStorage.getItem(LOG_KEY + "-dead") || "null");
    if (saved && Array.isArray(saved.cards)) ownDiscards = saved;
  } catch (e) {
    /* keep the empty default */
  }

  function saveProgress() {
    if (logLines.length > LOG_KEEP) logLines = logLines.slice(logLines.length - LOG_KEEP);
    try {
      sessionStorage.setItem(SINCE_KEY, String(since));
      sessionStorage.setItem(LOG_KEY, JSON.stringify(logLines));
      sessionStorage.setItem(LOG_KEY + "-dead", JSON.stringify(ownDiscards));
    } catch (e) {
      /* storage full or refused: the page still works, a reload just starts the log over */
    }
  }

  function resetProgress() {
    since = 0;
    logLines = [];
    ownDiscards = { hand: null, cards: [] };
    ui.log.replaceChildren();
    saveProgress();
  }

  /* ---------- the event log ---------- */

  let handSeats = { button: null, small_blind: null, big_blind: null };

  function who(ev) {
    if (ev.player) return ev.player;
    if (ev.seat !== null && ev.seat !== undefined) return seatName(ev.seat);
    return "someone";
  }

  /** One event in players' words ("bob raises to 8", "ann draws 2"); [text, css class]. */
  function eventText(ev) {
    const name = who(ev);
    const cards = cardList(ev.cards);
    const data = ev.data || {};
    switch (ev.kind) {
      case "sit":
        return [name + " sits down in seat " + (ev.seat + 1) + " with " + ev.amount, "table"];
      case "leave":
        return [name + " leaves the table" + (ev.amount ? " with " + ev.amount : ""), "table"];
      case "sit_out":
        return [name + " sits out", "table"];
      case "sit_in":
        return [name + " is back", "table"];
      case "chips":
        return [name + " adds " + ev.amount + (ev.amount === 1 ? " chip" : " chips"), "table"];
      case "hand_start":
        handSeats = { button: data.button, small_blind: data.small_blind, big_blind: data.big_blind };
        return [
          "Hand #" + ev.hand + " begins" + (data.button !== undefined && data.button !== null
            ? " (button: seat " + (data.button + 1) + ")" : ""),
          "hand-start",
        ];
      case "ante":
        return [name + " antes " + ev.amount, ""];
      case "blind":
        if (ev.seat === handSeats.small_blind && ev.seat !== handSeats.big_blind) {
          return [name + " posts the small blind " + ev.amount, ""];
        }
        if (ev.seat === handSeats.big_blind) return [name + " posts the big blind " + ev.amount, ""];
        return [name + " posts " + ev.amount, ""];
      case "dead_blind":
        return [name + " posts a dead blind " + ev.amount, ""];
      case "deal":
        return cards.length
          ? ["You are dealt " + spaced(cards), "mine"]
          : [name + " is dealt " + (ev.count || game.handSize) + " cards", "quiet"];
      case "round":
        return [ev.count <= 1 ? "Betting before the first draw" : "Betting round " + ev.count, "round"];
      case "draw_round":
        return ["Draw " + ev.count, "round"];
      case "fold":
        return [name + " folds", ""];
      case "check":
        return [name + " checks", ""];
      case "call":
        return [name + " calls " + ev.amount, ""];
      case "bet":
        return [name + " bets " + ev.amount, ""];
      case "raise":
        return [name + " raises to " + ev.amount, ""];
      case "draw": {
        const thrown = cardList(ev.discarded);
        let text = name + " draws " + ev.count;
        if (thrown.length || cards.length) text += " (throws " + spaced(thrown) + ", gets " + spaced(cards) + ")";
        return [text, thrown.length ? "mine" : ""];
      }
      case "stand_pat":
        return [name + " stands pat", ""];
      case "return":
        return [ev.amount + " uncalled returned to " + name, "quiet"];
      case "show": {
        const description = lowName(ev.description);
        return [name + " shows " + lowOrder(cards).join(" ") + (description ? ": " + description : ""), "show"];
      }
      case "muck":
        return [name + " mucks", ""];
      case "win": {
        return [name + " wins " + ev.amount, "win"];
      }
      case "rake":
        return ["Rake " + ev.amount, "quiet"];
      case "hand_end":
        return ["Hand #" + ev.hand + " is over", "hand-end"];
      case "timeout": {
        const act = data.action && (data.action.kind || data.action);
        const words = { check: "checks", fold: "folds", stand_pat: "stands pat" }[act] || (act ? String(act) : "");
        return [name + " ran out of time" + (words ? " and " + words : ""), "warn"];
      }
      default:
        return [name + ": " + ev.kind + (ev.amount ? " " + ev.amount : ""), ""];
    }
  }

  function logItem(number, text, cls, hand) {
    const li = el("li", { "data-number": String(number), "data-hand": hand !== undefined ? String(hand) : null });
    if (cls) li.className = cls;
    li.append(el("span", { class: "num" }, "#" + number));
    li.append(el("span", { class: "text" }, text));
    return li;
  }

  function appendLog(items) {
    const nearBottom = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 40;
    const fragment = document.createDocumentFragment();
    for (const item of items) fragment.append(item);
    ui.log.append(fragment);
    while (ui.log.childElementCount > LOG_KEEP) ui.log.firstElementChild.remove();
    if (nearBottom || items.length > 5) ui.log.scrollTop = ui.log.scrollHeight;
  }

  function restoreLog() {
    appendLog(logLines.map(([number, text, cls, hand]) => logItem(number, text, cls, hand)));
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  function onEvents(events) {
    if (freshConnection && events.length && typeof events[0].number === "number" && events[0].number <= since) {
      // The server's first events are not above what this page saw: its event stream is not the
      // one the page's log came from (a new database behind the same address). Start the log over.
      resetProgress();
    }
    freshConnection = false;
    const items = [];
    for (const ev of events) {
      if (typeof ev.number !== "number" || ev.number <= since) continue; // never twice
      since = ev.number;
      const [text, cls] = eventText(ev);
      logLines.push([ev.number, text, cls, ev.hand]);
      items.push(logItem(ev.number, text, cls, ev.hand));
      if (ev.kind === "draw" && ev.discarded && me.seat !== null && ev.seat === me.seat && ev.player === me.player) {
        if (ownDiscards.hand !== ev.hand) ownDiscards = { hand: ev.hand, cards: [] };
        ownDiscards.cards.push(...cardList(ev.discarded));
      }
    }
    if (items.length) {
      appendLog(items);
      saveProgress();
    }
  }

  /* ---------- the connection ---------- */

  let socket = null;
  let welcomed = false;
  let freshConnection = false; // no events received yet on this connection
  let backoff = 500;
  let reconnectTimer = null;
  let pingTimer = null;
  let nextId = 1;
  let pending = null; // the id of the act sent and not answered yet
  let pendingSeq = null; // the state.seq it was sent for: a later state answers it too
  let state = null;
  const me = { seat: null, player: null };
  let selected = new Set();
  let lastCards = { hand: null, cards: [] }; // your cards in the last hand you were dealt
  let errorTimer = null;

  function setStatus(kind, text) {
    ui.status.dataset.state = kind;
    ui.status.textContent = text;
  }

  function showError(message) {
    ui.error.textContent = message;
    ui.error.hidden = !message;
    clearTimeout(errorTimer);
    if (message) errorTimer = setTimeout(() => (ui.error.hidden = true), 10000);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    showError("Not connected: the page is reconnecting, try again in a moment.");
    return false;
  }

  function connect() {
    clearTimeout(reconnectTimer);
    const token = localStorage.getItem(TOKEN_KEY);
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    setStatus("connecting", "Connecting…");
    welcomed = false;
    const ws = new WebSocket(scheme + window.location.host + "/ws/" + encodeURIComponent(tableId));
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: token || null, since: since, batch: true }));
    };
    ws.onmessage = (message) => {
      if (ws !== socket) return;
      let data;
      try {
        data = JSON.parse(message.data);
      } catch (e) {
        return;
      }
      for (const one of Array.isArray(data) ? data : [data]) if (ws === socket) onMessage(one, ws);
    };
    ws.onclose = (event) => {
      if (ws !== socket || moving) return; // moved to another table of the sit & go: the page opens it
      clearInterval(pingTimer);
      pending = null;
      if (event.code === 4401) {
        // the server refused the token: it is no use again; watch as a spectator
        localStorage.removeItem(TOKEN_KEY);
        localStorage.removeItem(SEAT_KEY);
      }
      // 4429: too many (spectators at the table, pages of this seat): try again later, not at once
      const wait = event.code === 4429 ? 15000 : backoff;
      backoff = Math.min(backoff * 2, 2000);
      setStatus("offline", "Disconnected: reconnecting in " + (wait / 1000).toFixed(1) + " s");
      reconnectTimer = setTimeout(connect, wait);
      render();
    };
  }

  function onMessage(data, ws) {
    switch (data.type) {
      case "welcome":
        setGame(data);
        welcomed = true;
        freshConnection = true;
        backoff = 500;
        me.seat = data.seat === undefined ? null : data.seat;
        me.player = data.player || null;
        if (me.seat !== null) localStorage.setItem(SEAT_KEY, String(me.seat));
        ui.title.textContent =
          "Table " + data.table + ": " + data.name + ", " + data.stakes +
          (me.player ? " · you are " + me.player + ", " + seatName(me.seat).toLowerCase() : " · watching");
        document.title = "lowball " + data.table + ": " + data.name;
        setStatus("online", me.player ? "Connected" : "Connected (watching)");
        clearInterval(pingTimer);
        pingTimer = setInterval(() => send({ type: "ping" }), PING_MS);
        break;
      case "events":
        onEvents(data.events || []);
        break;
      case "state":
        setGame(data);
        state = data;
        if (pending !== null && typeof data.seq === "number" && data.seq > pendingSeq) pending = null;
        render();
        break;
      case "ack":
        if (data.id === pending) pending = null;
        break;
      case "error":
        if (data.id !== null && data.id !== undefined && data.id === pending) pending = null;
        showError(data.message ? data.message + (data.code ? " (" + data.code + ")" : "") : "Error: " + data.code);
        if (!welcomed) {
          if (data.code === "bad_token" || data.code === "expired_token") {
            localStorage.removeItem(TOKEN_KEY);
            localStorage.removeItem(SEAT_KEY);
            showError(
              "Your seat token was refused (" + (data.message || data.code) + "). You are watching; take a seat from the lobby.",
            );
          } else if (since > 0) {
            resetProgress(); // e.g. a log from another run of the server: start over from its first event
            ws.close();
          }
        }
        render();
        break;
      case "tournament":
        onTournament(data);
        break;
      default:
        break; // pong and anything newer: nothing to show
    }
  }

  /* ---------- the sit & go ---------- */

  /** A "tournament" message (the table is one of the server's sit & go): its level, tables
      and places in the side panel; when the person is moved, his token goes to his new table
      and the page opens it (the server closes this socket with 4000). */
  function onTournament(data) {
    const panel = document.getElementById("tournament");
    panel.hidden = false;
    const status = data.status === "finished" ? "Finished" : "Level " + data.level;
    document.getElementById("tournament-level").textContent =
      status + ": blinds " + data.small_blind + "/" + data.big_blind + " · " + data.players_left + " of " +
      data.entries + " players left · prize pool " + data.prize_pool + (data.hand_for_hand ? " · hand-for-hand" : "");
    document.getElementById("tournament-tables").textContent =
      "Tables: " + data.tables.map((t) => t.table + " (" + t.players + ")").join(", ");
    const places = document.getElementById("tournament-places");
    places.replaceChildren();
    for (const p of data.places) {
      const li = document.createElement("li");
      li.value = p.place;
      li.textContent = p.player + (p.prize ? ": " + p.prize : "");
      places.append(li);
    }
    const you = data.you;
    if (you && you.table && you.table !== tableId) {
      const token = localStorage.getItem(TOKEN_KEY);
      if (token) {
        localStorage.setItem("lowball-token-" + you.table, token);
        localStorage.setItem("lowball-seat-" + you.table, String(you.seat));
        localStorage.removeItem(TOKEN_KEY);
        localStorage.removeItem(SEAT_KEY);
      }
      moving = true;
      window.location.href = "/table/" + encodeURIComponent(you.table);
    }
  }

  /* ---------- acting ---------- */

  function act(action) {
    if (!state || pending !== null) return;
    const id = nextId++;
    if (send({ type: "act", id: id, seq: state.seq, action: action })) {
      pending = id;
      pendingSeq = state.seq;
      showError("");
      render();
    }
  }

  ui.fold.addEventListener("click", () => act({ kind: "fold" }));
  ui.check.addEventListener("click", () => act({ kind: "check" }));
  ui.call.addEventListener("click", () => act({ kind: "call" }));
  ui.bet.addEventListener("click", () => act({ kind: "bet", amount: chosenAmount() }));
  ui.raise.addEventListener("click", () => act({ kind: "raise", amount: chosenAmount() }));
  ui.pat.addEventListener("click", () => act({ kind: "stand_pat" }));
  ui.draw.addEventListener("click", () => {
    if (!selected.size) return;
    const you = state && state.you;
    const order = you ? you.cards.filter((c) => selected.has(c)) : Array.from(selected);
    act({ kind: "discard", cards: order });
  });

  function legalNow() {
    const you = state && state.you;
    if (!you || !you.legal || state.actor !== you.seat || pending !== null) return null;
    return you.legal;
  }

  function clampAmount(value) {
    const legal = legalNow();
    if (!legal) return value;
    let n = Math.round(Number(value));
    if (!Number.isFinite(n)) n = legal.min_to;
    return Math.max(legal.min_to, Math.min(legal.max_to, n));
  }

  function chosenAmount() {
    const legal = legalNow();
    if (!legal) return 0;
    if (state.you.limit === "fixed" || legal.min_to === legal.max_to) return legal.min_to;
    return clampAmount(ui.amount.value);
  }

  function labelAmounts() {
    const legal = legalNow();
    if (!legal) return;
    const n = chosenAmount();
    ui.bet.textContent = "Bet " + n;
    ui.raise.textContent = "Raise to " + n;
  }

  ui.slider.addEventListener("input", () => {
    ui.amount.value = ui.slider.value;
    labelAmounts();
  });
  ui.amount.addEventListener("input", () => {
    ui.slider.value = String(clampAmount(ui.amount.value));
    labelAmounts();
  });
  ui.amount.addEventListener("change", () => {
    ui.amount.value = String(clampAmount(ui.amount.value));
    ui.slider.value = ui.amount.value;
    labelAmounts();
  });

  ui.sitout.addEventListener("click", () => {
    const you = state && state.you;
    send({ type: you && you.status === "sitting_out" ? "sit_in" : "sit_out" });
  });

  ui.leave.addEventListener("click", async () => {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return;
    ui.leave.disabled = true;
    try {
      const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/leave", {
        method: "POST",
        headers: { Authorization: "Bearer " + token },
      });
      let body = null;
      try {
        body = await response.json();
      } catch (e) {
        body = null;
      }
      if (!response.ok) {
        showError("Could not leave: " + ((body && body.error) || response.status + " " + response.statusText));
        return;
      }
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(SEAT_KEY);
      dismissedResult = state && state.showdown ? state.showdown.hand : null;
      ui.oddsPanel.hidden = true;
      ui.oddsPanel.replaceChildren();
      showError(
        body && body.chips !== null && body.chips !== undefined
          ? "You left the table with " + body.chips + (body.chips === 1 ? " chip." : " chips.")
          : "You left your seat; your chips are settled when the hand in progress ends.",
      );
      if (socket) socket.close(); // reconnects as a spectator
    } catch (e) {
      showError("Could not reach the server: " + e.message);
    } finally {
      ui.leave.disabled = false;
    }
  });

  /* ---------- "What to throw?" ---------- */

  const COLUMN_LABELS = { keep: "Keep", discard: "Throw", draw: "Draw", default_equity: "vs default" };
  const HIDDEN_COLUMNS = new Set(["low_counts", "completions", "default_equity_se", "reshuffled"]);

  /** Rows flattened into columns: nested objects ({"lows": {"7": 0.17}}) become one column each. */
  function flatten(row) {
    const out = {};
    for (const [key, value] of Object.entries(row)) {
      if (HIDDEN_COLUMNS.has(key)) continue;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const [sub, v] of Object.entries(value)) out[key + "." + sub] = v;
      } else {
        out[key] = value;
      }
    }
    return out;
  }

  function columnLabel(key) {
    if (COLUMN_LABELS[key]) return COLUMN_LABELS[key];
    const low = /^(?:lows\.|p)(\d+)$/.exec(key);
    if (low) return low[1] === "10" ? "10-low" : low[1] + "-low";
    return key;
  }

  function isProbabilityColumn(key, rows) {
    if (/^(?:lows\.|p)\d+$/.test(key) || /^(win|tie|equity|target|default_equity)/.test(key)) return true;
    const values = rows.map((r) => r[key]).filter((v) => typeof v === "number");
    return values.length > 0 && values.every((v) => v >= 0 && v <= 1) && values.some((v) => !Number.isInteger(v));
  }

  async function showOdds() {
    const you = state && state.you;
    if (!you || !you.cards || you.cards.length !== game.handSize) return;
    const hand = you.cards.join("");
    const dead = ownDiscards.hand === state.hand ? ownDiscards.cards.filter((c) => !you.cards.includes(c)) : [];
    // the table's game: the server counts the draws in its ranking (badugi: 16 discards)
    let url = "/api/draw?table=" + encodeURIComponent(tableId) + "&hand=" + encodeURIComponent(hand);
    if (dead.length) url += "&dead=" + encodeURIComponent(dead.join(""));
    // the draws to come, this one included: the server weighs each discard against its default opponent over them
    const toCome = state.draws && state.draw_round ? state.draws - state.draw_round + 1 : 1;
    if (toCome >= 1 && toCome <= 3) url += "&draws=" + toCome;
    const panel = ui.oddsPanel;
    panel.hidden = false;
    panel.dataset.hand = String(state.hand);
    panel.dataset.cards = hand;
    panel.replaceChildren(el("p", { class: "muted" }, "Counting every discard of " + spaced(hand) + "…"));
    let response;
    let body = null;
    try {
      response = await fetch(url);
      body = await response.json().catch(() => null);
    } catch (e) {
      panel.replaceChildren(el("p", { class: "error" }, "Could not reach the server: " + e.message));
      return;
    }
    if (!response.ok || !body || !Array.isArray(body.rows)) {
      panel.replaceChildren(
        el("p", { class: "error" }, "Could not count the draws: " + ((body && body.error) || response.status)),
      );
      return;
    }
    renderOdds(body, dead);
  }

  function renderOdds(body, dead) {
    const panel = ui.oddsPanel;
    if (panel.hidden) return; // its hand or cards went while it was counted
    const head = el("div", { class: "panel-head" });
    head.append(el("h2", {}, "What to throw: " + spaced(body.hand)));
    const close = el("button", { type: "button", class: "btn small", id: "btn-odds-close" }, "Close");
    close.addEventListener("click", () => (panel.hidden = true));
    head.append(close);
    const rows = (body.rows || []).map(flatten);
    let columns = [];
    for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
    // "keep" and "discard" share one column: the hand's five cards, the thrown ones struck out
    const together = columns.includes("keep") && columns.includes("discard");
    // (and "draw", the count of the struck-out cards, goes: the panel fits beside the table)
    if (together) columns = ["cards"].concat(columns.filter((k) => !["keep", "discard", "draw"].includes(k)));
    const percent = new Set(columns.filter((k) => isProbabilityColumn(k, rows)));
    const table = el("table", { class: "odds" });
    const tr = el("tr");
    for (const key of columns) {
      tr.append(el("th", {}, key === "cards" && together ? "Keep (throw)" : columnLabel(key)));
    }
    const thead = el("thead");
    thead.append(tr);
    table.append(thead);
    const tbody = el("tbody");
    (body.rows || []).forEach((raw, i) => {
      const row = rows[i];
      const line = el("tr", { "data-keep": raw.keep || "", "data-discard": raw.discard || "" });
      for (const key of columns) {
        if (key === "cards" && together) {
          const cell = el("td", { class: "cards-text" });
          for (const c of cardList(raw.keep)) cell.append(el("span", { class: "kept suit-" + c[1] }, c));
          for (const c of cardList(raw.discard)) cell.append(el("s", { class: "thrown", title: "thrown" }, c));
          line.append(cell);
          continue;
        }
        const v = row[key];
        let text;
        if (v === null || v === undefined) text = "";
        else if (percent.has(key) && typeof v === "number") text = (100 * v).toFixed(1);
        else if (key === "keep" || key === "discard") text = spaced(v) || "–";
        else text = String(v);
        line.append(el("td", { class: key === "keep" || key === "discard" ? "cards-text" : "" }, text));
      }
      line.title = "Click to choose this discard";
      line.addEventListener("click", () => chooseDiscard(cardList(raw.discard)));
      tbody.append(line);
    });
    table.append(tbody);
    const note = el(
      "p",
      { class: "muted small" },
      (game.ranking === "badugi"
        ? "Chance in % of finishing with a four-card badugi of each rank or better after one draw"
        : "Chance in % of finishing with each low or better after one draw") +
        (dead.length ? ", with your discards " + spaced(dead) + " in the muck" : "") +
        (body.default_opponent
          ? '; "vs default": your share of the pot against ' + body.default_opponent.description + ", which orders the rows"
          : "") +
        ". Click a row to choose its discard.",
    );
    const scroller = el("div", { class: "odds-scroll" });
    scroller.append(table);
    panel.replaceChildren(head, note, scroller);
  }

  function chooseDiscard(cards) {
    const you = state && state.you;
    if (!you) return;
    selected = new Set(cards.filter((c) => you.cards.includes(c)));
    render();
  }

  ui.odds.addEventListener("click", showOdds);

  /* ---------- rendering the state ---------- */

  let deadline = null; // performance.now() milliseconds when the actor's time runs out

  function seatPosition(seat, n, mine) {
    // your seat at the bottom, the others clockwise from it (as players sit)
    const k = (seat - (mine === null ? 0 : mine) + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    return { x: Math.cos(angle), y: Math.sin(angle) };
  }

  /** The seats' oval in % of the felt (the stylesheet's --seat-rx and --seat-ry: smaller on a phone). */
  function seatRadii() {
    const style = getComputedStyle(document.getElementById("felt"));
    const rx = parseFloat(style.getPropertyValue("--seat-rx"));
    const ry = parseFloat(style.getPropertyValue("--seat-ry"));
    return { rx: Number.isFinite(rx) ? rx : 42, ry: Number.isFinite(ry) ? ry : 38 };
  }

  function renderSeats() {
    const n = state.seats.length;
    const showdown = state.showdown && state.showdown.hand === state.hand && !state.in_hand ? state.showdown : null;
    const shownBySeat = {};
    const wonBySeat = {};
    if (showdown) {
      // only while the same player still sits there (a new player never wears the last hand's cards)
      const same = (x) => state.seats[x.seat] && state.seats[x.seat].player === x.player;
      for (const s of (showdown.shown || []).filter(same)) shownBySeat[s.seat] = s;
      for (const w of (showdown.winners || []).filter(same)) wonBySeat[w.seat] = (wonBySeat[w.seat] || 0) + w.amount;
    }
    const nodes = [];
    const { rx, ry } = seatRadii();
    for (let i = 0; i < n; i++) {
      const s = state.seats[i];
      const p = seatPosition(i, n, me.seat);
      const box = el("div", { id: "seat-" + i, class: "seat", "data-seat": String(i), title: seatName(i) });
      box.style.left = 50 + rx * p.x + "%";
      box.style.top = 50 + ry * p.y + "%";
      if (!s) {
        box.classList.add("empty");
        box.append(el("div", { class: "name" }, seatName(i)));
        box.append(el("div", { class: "muted" }, "open"));
        nodes.push(box);
        continue;
      }
      box.dataset.player = s.player;
      box.dataset.status = s.status;
      if (s.you) box.classList.add("you");
      if (s.bot) box.classList.add("bot");
      if (s.folded) box.classList.add("folded");
      if (s.all_in) box.classList.add("all-in");
      if (!s.in_hand) box.classList.add("out");
      if (state.actor === i) box.classList.add("acting");
      if (wonBySeat[i]) box.classList.add("winner");

      const top = el("div", { class: "seat-top" });
      const name = el("span", { class: "name" }, s.player);
      top.append(name);
      if (s.bot) top.append(el("span", { class: "tag bot-tag", title: "a bot" }, "BOT"));
      if (s.you) top.append(el("span", { class: "tag you-tag" }, "YOU"));
      box.append(top);
      box.append(el("div", { class: "chips" }, s.chips.toLocaleString()));

      const cards = el("div", { class: "seat-cards" });
      if (shownBySeat[i]) {
        for (const c of lowOrder(shownBySeat[i].cards)) cards.append(cardFace(c, "small"));
      } else if (s.in_hand && !s.folded && !s.you) {
        for (let c = 0; c < (s.cards || 0); c++) cards.append(cardBack());
      } else if (s.you && s.in_hand && !s.folded && state.you && state.you.cards && state.you.cards.length) {
        for (const c of state.you.cards) cards.append(cardFace(c, "small"));
      } else if (s.you && s.in_hand && !s.folded) {
        for (let c = 0; c < (s.cards || 0); c++) cards.append(el("span", { class: "card back mine" }));
      }
      box.append(cards);

      const info = el("div", { class: "seat-info" });
      if (s.folded) info.append(el("span", { class: "flag fold-flag" }, "folded"));
      if (s.all_in) info.append(el("span", { class: "flag allin-flag" }, "all in"));
      const statusWords = { sitting_out: "sitting out", waiting: "waiting to come in", joining: "joining…" };
      if (statusWords[s.status]) info.append(el("span", { class: "flag status-flag" }, statusWords[s.status]));
      const draws = Array.isArray(s.drawn) ? s.drawn.filter((count) => typeof count === "number" && count >= 0) : [];
      if (draws.length) {
        const drawn = el("span", { class: "drawn", title: "cards drawn in each draw (pat: none)" });
        drawn.append(el("span", { class: "muted" }, "drew "));
        draws.forEach((count, d) => {
          drawn.append(el("span", { class: "draw-count" + (count ? "" : " pat"), "data-draw": String(d + 1) },
            count ? String(count) : "pat"));
        });
        info.append(drawn);
      }
      if (wonBySeat[i]) info.append(el("span", { class: "flag win-flag" }, "wins " + wonBySeat[i]));
      if (shownBySeat[i] && shownBySeat[i].description) {
        info.append(el("span", { class: "shown-desc" }, lowName(shownBySeat[i].description)));
      }
      box.append(info);

      const markers = [];
      if (state.button === i) markers.push(["D", "button", "the button"]);
      if (state.small_blind === i) markers.push(["SB", "sb", "small blind"]);
      if (state.big_blind === i) markers.push(["BB", "bb", "big blind"]);
      if (markers.length) {
        const m = el("div", { class: "markers" });
        for (const [text, cls, title] of markers) m.append(el("span", { class: "marker " + cls, title: title }, text));
        box.append(m);
      }
      nodes.push(box);

      if (s.bet) {
        const bet = el("div", { class: "bet", id: "bet-" + i, "data-seat": String(i) });
        bet.append(el("span", { class: "chip-icon", "aria-hidden": "true" }));
        bet.append(el("span", {}, String(s.bet)));
        bet.style.left = 50 + 0.6 * rx * p.x + "%";
        bet.style.top = 50 + 0.55 * ry * p.y + "%";
        nodes.push(bet);
      }
    }
    ui.seats.replaceChildren(...nodes);
  }

  /** "9-8-6-4-2: 9-8 low" -> "9-8 low" (the server may send either form). */
  function lowName(description) {
    const text = String(description || "");
    const colon = text.indexOf(": ");
    return colon >= 0 ? text.slice(colon + 2) : text;
  }

  /** When a waiting player is dealt in, from the server's coming_in ({hands, by}, or null). */
  function comingInWords(coming) {
    if (!coming) return "You are dealt in when the table can deal you a hand.";
    const how = { big_blind: " in the big blind", post: ", posting to come in", kill: ", killing the pot" };
    const n = coming.hands;
    const when = n === 0 ? "at the next hand" : "after " + n + (n === 1 ? " hand" : " hands");
    return "You are dealt in " + when + (how[coming.by] || "") + ".";
  }

  function renderCenter() {
    ui.pot.textContent = "Pot " + (state.pot || 0).toLocaleString();
    let phase = "";
    if (state.in_hand) {
      if (state.phase === "drawing") phase = "Draw " + (state.draw_round || 1) + " of " + state.draws;
      else if (state.phase === "betting") {
        phase = state.draw_round ? "Betting after draw " + state.draw_round : "Betting before the first draw";
      } else if (state.phase === "showdown") phase = "Showdown";
      else if (state.phase) phase = state.phase;
      phase = "Hand #" + state.hand + " · " + phase;
    } else {
      phase = state.hand ? "Hand #" + state.hand + " is over: the next hand starts soon" : "Waiting for players";
    }
    ui.phase.textContent = phase;
    if (state.actor !== null && state.actor !== undefined && state.time_left !== null && state.time_left !== undefined) {
      deadline = performance.now() + 1000 * state.time_left;
    } else {
      deadline = null;
    }
    tick();
  }

  function tick() {
    if (!state || state.actor === null || state.actor === undefined || !state.in_hand) {
      ui.turn.textContent = "";
      ui.turn.dataset.actor = "";
      ui.turn.classList.remove("mine", "hurry");
      return;
    }
    const s = state.seats[state.actor];
    const mine = me.seat !== null && state.actor === me.seat;
    const name = mine ? "Your turn" : (s ? s.player : seatName(state.actor)) + " to act";
    const left = deadline === null ? null : Math.max(0, (deadline - performance.now()) / 1000);
    ui.turn.textContent = left === null ? name : name + " · " + Math.ceil(left) + " s";
    ui.turn.dataset.actor = String(state.actor);
    ui.turn.classList.toggle("mine", mine);
    ui.turn.classList.toggle("hurry", left !== null && left < 10);
  }

  setInterval(tick, 250);

  function show(node, visible) {
    node.hidden = !visible;
  }

  /** Your cards, highest first as the server sorts them. The card elements are made again only
      when the cards change (a click on a card stays on the same element while states arrive);
      otherwise only their classes follow the selection. */
  function renderHand(cards, selectable) {
    const key = cards.join(" ");
    if (ui.hand.dataset.cards !== key) {
      ui.hand.dataset.cards = key;
      const faces = cards.map((c) => {
        const face = cardFace(c, "", "data-card");
        face.setAttribute("role", "button");
        face.tabIndex = 0;
        const toggle = () => {
          if (!(state && state.phase === "drawing" && state.you)) return;
          if (selected.has(c)) selected.delete(c);
          else selected.add(c);
          render();
        };
        face.addEventListener("click", toggle);
        face.addEventListener("keydown", (e) => {
          if (e.key === " " || e.key === "Enter") {
            e.preventDefault();
            toggle();
          }
        });
        return face;
      });
      ui.hand.replaceChildren(...faces);
    }
    for (const face of ui.hand.children) {
      face.classList.toggle("selected", selected.has(face.dataset.card));
      face.classList.toggle("selectable", selectable);
      face.setAttribute("aria-pressed", selected.has(face.dataset.card) ? "true" : "false");
    }
  }

  function renderMe() {
    const you = state.you;
    const hideAll = () => {
      for (const b of [ui.fold, ui.check, ui.call, ui.bet, ui.raise, ui.draw, ui.pat]) show(b, false);
      show(ui.sizing, false);
    };
    show(ui.leave, !!localStorage.getItem(TOKEN_KEY));
    ui.hand.hidden = !you; // a spectator has no cards: no empty row for them
    if (!you) {
      renderHand([], false);
      hideAll();
      show(ui.odds, false);
      show(ui.sitout, false);
      ui.handNote.textContent = me.player ? "" : "You are watching. Take a seat from the lobby to play.";
      return;
    }
    show(ui.sitout, true);
    ui.sitout.textContent = you.status === "sitting_out" ? "Sit in" : "Sit out";
    let cards = Array.isArray(you.cards) ? you.cards : [];
    let finished = false;
    let description = you.description || "";
    if (cards.length) {
      lastCards = { hand: state.hand, cards: cards, description: description };
    } else if (!state.in_hand && lastCards.hand === state.hand && lastCards.cards.length) {
      cards = lastCards.cards; // the hand is over: its cards stay in view, dimmed, until the next deal
      description = lastCards.description || "";
      finished = true;
    }
    ui.hand.classList.toggle("finished", finished);
    for (const c of Array.from(selected)) if (!cards.includes(c)) selected.delete(c);
    const legal = legalNow();
    const drawing = !!(legal && legal.draw);
    if (state.phase !== "drawing") selected.clear(); // a selection lasts through the draw only
    renderHand(cards, state.phase === "drawing");
    const statusWords = {
      sitting_out: "You are sitting out.",
      waiting: comingInWords(you.coming_in),
      joining: "A bot is finishing its hand in your seat. " + comingInWords(you.coming_in),
    };
    let note = statusWords[you.status] || "";
    // the server's describe() of the hand in the table's game ("9-8 low", "a 4-card badugi, 8 high")
    if (cards.length === game.handSize && description) {
      note = (note ? note + " " : "") + (finished ? "You had " : "You hold ") + lowName(description) + ".";
    }
    if (drawing) note += " Click the cards to throw, then Draw.";
    ui.handNote.textContent = note.trim();
    show(ui.odds, cards.length === game.handSize && !finished);

    hideAll();
    if (!legal) return;
    show(ui.fold, !!legal.fold);
    show(ui.check, !!legal.check);
    show(ui.call, !!legal.call);
    ui.call.textContent = "Call " + legal.call_amount;
    show(ui.bet, !!legal.bet);
    show(ui.raise, !!legal.raise);
    const sizing = (legal.bet || legal.raise) && you.limit !== "fixed" && legal.min_to < legal.max_to;
    show(ui.sizing, !!sizing);
    if (sizing) {
      for (const input of [ui.amount, ui.slider]) {
        input.min = String(legal.min_to);
        input.max = String(legal.max_to);
      }
      const current = Number(ui.amount.value);
      if (!(current >= legal.min_to && current <= legal.max_to)) ui.amount.value = String(legal.min_to);
      ui.slider.value = ui.amount.value;
    }
    labelAmounts();
    if (legal.draw) {
      show(ui.draw, true);
      show(ui.pat, true);
      const n = selected.size;
      ui.draw.textContent = "Draw " + n;
      ui.draw.disabled = n === 0 || n > legal.max_discards;
      ui.draw.title = n === 0 ? "Click the cards you throw first" : "";
    }
  }

  function renderOddsPanel() {
    // the table is of the cards it was asked for: gone with them (a draw, a new hand, leaving)
    const you = state.you;
    const cards = you && Array.isArray(you.cards) ? you.cards.join("") : "";
    const panel = ui.oddsPanel;
    if (!panel.hidden && (panel.dataset.hand !== String(state.hand) || panel.dataset.cards !== cards || !cards)) {
      panel.hidden = true;
      panel.replaceChildren();
    }
  }

  let dismissedResult = null; // the hand whose result the page no longer shows (you left after it)

  function renderShowdown() {
    const sd = state.showdown;
    // the last hand's result, until the next hand starts (or you leave)
    if (!sd || (state.in_hand && sd.hand !== state.hand) || sd.hand === dismissedResult) {
      ui.showdown.hidden = true;
      ui.showdown.replaceChildren();
      return;
    }
    const nodes = [el("h2", {}, "Hand #" + sd.hand + " result")];
    const winners = new Set((sd.winners || []).map((w) => w.seat));
    for (const s of sd.shown || []) {
      const row = el("div", { class: "shown" + (winners.has(s.seat) ? " winner" : ""), "data-seat": String(s.seat) });
      row.append(el("span", { class: "name" }, s.player));
      const faces = el("span", { class: "shown-cards" });
      for (const c of lowOrder(s.cards || [])) faces.append(cardFace(c, "small"));
      row.append(faces);
      row.append(el("span", { class: "desc" }, lowName(s.description)));
      nodes.push(row);
    }
    for (const w of sd.winners || []) {
      const text = w.player + " wins " + w.amount + (w.description ? " with " + lowName(w.description) : "");
      nodes.push(el("p", { class: "winner-line", "data-seat": String(w.seat) }, text));
    }
    ui.showdown.replaceChildren(...nodes);
    ui.showdown.hidden = false;
  }

  function render() {
    if (!state || !Array.isArray(state.seats)) {
      renderNothing();
      return;
    }
    renderSeats();
    renderCenter();
    renderMe();
    renderShowdown();
    renderOddsPanel();
    const busy = pending !== null;
    for (const b of [ui.fold, ui.check, ui.call, ui.bet, ui.raise, ui.pat]) b.disabled = busy;
    if (busy) ui.draw.disabled = true;
    // for tests and user styles: where the hand is
    document.body.dataset.hand = String(state.hand);
    document.body.dataset.seq = String(state.seq);
    document.body.dataset.phase = state.phase || "";
    document.body.dataset.inHand = String(!!state.in_hand);
  }

  function renderNothing() {
    for (const b of [ui.fold, ui.check, ui.call, ui.bet, ui.raise, ui.draw, ui.pat, ui.odds]) show(b, false);
    show(ui.sizing, false);
  }

  restoreLog();
  render();
  connect();
})();
