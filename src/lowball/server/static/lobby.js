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

  async function takeSeat(tableId, button) {
    if (heldSeat(tableId) !== null) {
      // this browser sits there already: back to that seat (the table page checks the token)
      window.location.href = "/table/" + encodeURIComponent(tableId);
      return;
    }
    const player = nameInput.value.trim();
    if (!player) {
      showError("Type your name first (1 to 20 characters).");
      nameInput.focus();
      return;
    }
    localStorage.setItem(NAME_KEY, player);
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

  function render(tables) {
    tbody.replaceChildren();
    for (const t of tables) {
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
})();
