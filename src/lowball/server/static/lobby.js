/* lowball lobby: lists the tables (GET /api/tables) every few seconds and takes a seat
   (POST /api/tables/{id}/seats); the seat token is kept in localStorage under
   "lowball-token-<table>" for the table page, and the seat under "lowball-seat-<table>". At a
   table where this browser holds a seat, the button takes you back to it ("Back to seat 3":
   seats as people count them, from 1; the JSON's seat 2). Every server string goes into the
   page with textContent only (player names are user input). */
"use strict";

(function () {
  const REFRESH_MS = 3000;
  const nameInput = document.getElementById("player-name");
  const errorBox = document.getElementById("lobby-error");
  const statusLine = document.getElementById("lobby-status");
  const tbody = document.querySelector("#tables tbody");
  const NAME_KEY = "lowball-player";

  nameInput.value = localStorage.getItem(NAME_KEY) || "";

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  /** The error text of a failed response: the server's {"error": ...} or the HTTP status. */
  async function errorText(response) {
    try {
      const body = await response.json();
      if (body && typeof body.error === "string") return body.error;
    } catch (e) {
      /* not JSON: fall through */
    }
    return "the server answered " + response.status + " " + response.statusText;
  }

  /** The seat this browser holds at a table (its JSON number as text; "" unknown), or null. */
  function heldSeat(tableId) {
    if (!localStorage.getItem("lowball-token-" + tableId)) return null;
    return localStorage.getItem("lowball-seat-" + tableId) || "";
  }

  // The name typed (kept for the next visit), or null with the page asking for one.
  function typedName() {
    const player = nameInput.value.trim();
    if (!player) {
      showError("Type your name first (1 to 20 characters).");
      nameInput.focus();
      return null;
    }
    localStorage.setItem(NAME_KEY, player);
    return player;
  }

  async function takeSeat(tableId, button) {
    if (heldSeat(tableId) !== null) {
      // this browser sits there already: back to that seat (the table page checks the token)
      window.location.href = "/table/" + encodeURIComponent(tableId);
      return;
    }
    const player = typedName();
    if (!player) return;
    button.disabled = true;
    showError("");
    try {
      const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/seats", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ player: player }),
      });
      if (!response.ok) {
        showError("Could not take a seat at " + tableId + ": " + (await errorText(response)));
        return;
      }
      const seat = await response.json();
      localStorage.setItem("lowball-token-" + seat.table, seat.token);
      localStorage.setItem("lowball-seat-" + seat.table, String(seat.seat));
      sessionStorage.removeItem("lowball-since-" + seat.table);
      sessionStorage.removeItem("lowball-log-" + seat.table);
      window.location.href = "/table/" + encodeURIComponent(seat.table);
    } catch (e) {
      showError("Could not reach the server: " + e.message);
    } finally {
      button.disabled = false;
    }
  }

  /* ---------- the sit & go (GET /api/sitgo; its token in "lowball-sitgo-token") ---------- */
  const SITGO_KEY = "lowball-sitgo-token";
  const sitgoBox = document.getElementById("sitgo");
  const sitgoStatus = document.getElementById("sitgo-status");
  const sitgoRegister = document.getElementById("sitgo-register");
  const sitgoStart = document.getElementById("sitgo-start");
  const sitgoTable = document.getElementById("sitgo-table");
  const sitgoPlaces = document.getElementById("sitgo-places");

  function renderSitgo(d) {
    sitgoBox.hidden = false;
    const line = d.name + " (" + d.variant + "), buy-in " + d.buy_in + " + " + d.fee + ": ";
    if (d.status === "registering") {
      sitgoStatus.textContent = line + d.registered.length + " of " + d.players + " registered" +
        (d.registered.length ? " (" + d.registered.join(", ") + ")" : "");
    } else {
      sitgoStatus.textContent = line + (d.status === "finished" ? "finished" : "level " + d.level + ", blinds " +
        d.small_blind + "/" + d.big_blind + ", " + d.players_left + " of " + d.entries + " left");
    }
    const mine = d.you;
    sitgoRegister.hidden = d.status !== "registering" || !!mine;
    sitgoStart.hidden = d.status !== "registering" || !mine;
    sitgoTable.hidden = !(mine && mine.table);
    if (mine && mine.table) {
      const token = localStorage.getItem(SITGO_KEY);
      localStorage.setItem("lowball-token-" + mine.table, token);
      localStorage.setItem("lowball-seat-" + mine.table, String(mine.seat));
      sitgoTable.href = "/table/" + encodeURIComponent(mine.table);
      sitgoTable.textContent = "Your table: " + mine.table + ", seat " + (mine.seat + 1);
    }
    sitgoPlaces.replaceChildren();
    for (const p of d.places) {
      const li = el("li", {}, p.player + (p.prize ? ": " + p.prize : ""));
      li.value = p.place;
      sitgoPlaces.append(li);
    }
  }

  async function refreshSitgo() {
    const token = localStorage.getItem(SITGO_KEY);
    const response = await fetch("/api/sitgo", {
      cache: "no-store",
      headers: token ? { Authorization: "Bearer " + token } : {},
    });
    if (response.status === 401) localStorage.removeItem(SITGO_KEY); // a token of another run
    if (response.status === 200) renderSitgo(await response.json());
    else if (response.status === 204) sitgoBox.hidden = true; // the server runs no sit & go
  }

  async function sitgoPost(path, body, button) {
    button.disabled = true;
    showError("");
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        showError("Sit & go: " + (await errorText(response)));
        return null;
      }
      return await response.json();
    } catch (e) {
      showError("Could not reach the server: " + e.message);
      return null;
    } finally {
      button.disabled = false;
    }
  }

  sitgoRegister.addEventListener("click", async () => {
    const player = typedName();
    if (!player) return;
    const entry = await sitgoPost("/api/sitgo/register", { player: player }, sitgoRegister);
    if (entry) localStorage.setItem(SITGO_KEY, entry.token);
    refreshSitgo();
  });
  sitgoStart.addEventListener("click", async () => {
    await sitgoPost("/api/sitgo/start", {}, sitgoStart);
    refreshSitgo();
  });

  function render(tables) {
    tbody.replaceChildren();
    for (const t of tables) {
      if (t.id.startsWith("sng-")) continue; // the sit & go's tables: reached from its box
      const row = el("tr", { id: "table-" + t.id, "data-table": t.id, "data-ranking": t.ranking || "2-7" });
      row.append(el("td", { class: "table-id" }, t.id));
      // the table's game: its name says it ("badugi, fixed limit"); tables of one server may differ
      const gameCell = el("td", { class: "game" }, t.name + " (" + t.variant + ")");
      if (t.game) gameCell.title = t.game + (t.hand_size ? ", " + t.hand_size + "-card hands" : "");
      row.append(gameCell);
      row.append(el("td", {}, t.stakes));
      const taken = t.humans + t.bots;
      const seatsCell = el("td", {});
      seatsCell.append(el("span", { class: "taken" }, taken + " of " + t.seats));
      seatsCell.append(
        el("span", { class: "muted" }, " (" + t.humans + (t.humans === 1 ? " player, " : " players, ") +
          t.bots + (t.bots === 1 ? " bot)" : " bots)")),
      );
      row.append(seatsCell);
      row.append(el("td", {}, t.hand ? "#" + t.hand : "not started"));
      const actions = el("td", {});
      if (t.served && t.served !== "here") {
        // a table of the same database that another server process runs (or none now)
        actions.append(el("span", { class: "muted served" },
          t.served === "elsewhere" ? "served by another server" : "not served now"));
        row.append(actions);
        tbody.append(row);
        continue;
      }
      const held = heldSeat(t.id);
      const label = held === null ? "Take a seat" : held === "" ? "Back to your seat" : "Back to seat " + (Number(held) + 1);
      const sit = el("button", { type: "button", class: "btn primary take-seat", "data-table": t.id }, label);
      sit.addEventListener("click", () => takeSeat(t.id, sit));
      const watch = el("a", { class: "btn", href: "/table/" + encodeURIComponent(t.id) }, "Watch");
      actions.append(sit, " ", watch);
      row.append(actions);
      tbody.append(row);
    }
  }

  async function refresh() {
    try {
      const response = await fetch("/api/tables", { cache: "no-store" });
      if (!response.ok) {
        statusLine.textContent = "Could not list the tables: " + (await errorText(response));
        return;
      }
      const body = await response.json();
      render(body.tables || []);
      statusLine.textContent = (body.tables || []).length
        ? "Updated " + new Date().toLocaleTimeString() + "."
        : "No tables.";
    } catch (e) {
      statusLine.textContent = "Could not reach the server (" + e.message + "); trying again.";
    }
  }

  refresh();
  setInterval(refresh, REFRESH_MS);
  refreshSitgo().catch(() => {});
  setInterval(() => refreshSitgo().catch(() => {}), REFRESH_MS);
})();
