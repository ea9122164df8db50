#!/usr/bin/env node
// A conformance harness for one ruleset, casino-ochko, written from the rules alone.
// Protocol: JSON lines on stdin/stdout (see site/conformance.md).
//   node harness.js              persistent mode
//   node harness.js --one-shot   one stripped vector on stdin, one reply on stdout
"use strict";
const readline = require("readline");

const RULESET = "casino-ochko";
const VALUE = { A: 1, T: 10, J: 10, Q: 10, K: 10 };
const value = (card) => VALUE[card[0]] || Number(card[0]);
const RANKING = ["pontoon", "five-card-trick", "twenty-one", "total"];
const PAYS = { pontoon: 2, "five-card-trick": 2, "twenty-one": 1, total: 1 };

function points(cards) {
  const hard = cards.reduce((s, c) => s + value(c), 0);
  const soft = cards.some((c) => c[0] === "A") && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}
const aceTen = (cards) => cards.length === 2 && points(cards).total === 21;

function classOf(hand) {
  const { total } = points(hand.cards);
  if (total > 21) return "bust";
  if (aceTen(hand.cards)) return "pontoon"; // a split ace and ten is a pontoon here
  if (hand.cards.length === 5) return "five-card-trick";
  if (total === 21 && hand.cards.length >= 3) return "twenty-one";
  return "total";
}

function newHand(stake, cards = [], split = false) {
  return { cards, stakes: [stake], split, twisted: false, doubled: false, done: false,
           sibling: null, blocked: false };
}

class Round {
  constructor(stakes, shoe) {
    this.shoe = shoe.slice();
    this.seats = stakes.map((s) => [newHand(s)]);
    this.banker = [];
    this.seat = 0;
    this.index = 0;
    this.over = false;
    this.endedEarly = false;
    for (let k = 0; k < 2; k++) {
      this.seats.forEach((hands) => this.deal(hands[0].cards));
      this.deal(this.banker);
    }
    if (aceTen(this.banker)) { this.endedEarly = true; this.over = true; } else this.advance();
  }
  deal(cards) {
    if (!this.shoe.length) throw new Error("the stacked shoe ran out");
    cards.push(this.shoe.shift());
  }
  hand() { return this.seats[this.seat][this.index]; }
  actor() { return this.over ? "terminal" : `p${this.seat + 1}`; }
  legal() {
    if (this.over) return [];
    const hand = this.hand(), n = hand.cards.length, { total } = points(hand.cards);
    const out = [];
    if (total >= 15) out.push("stick");
    // a 21 may draw on toward five cards, a pontoon too (then no longer a pontoon)
    if (n < 5 && total <= 21) {
      out.push("twist");
      if (!hand.doubled) out.push("double");
    }
    const [a, b] = hand.cards;
    if (n === 2 && !hand.twisted && !hand.doubled && this.seats[this.seat].length < 3 &&
        value(a) === value(b) && !hand.blocked) out.push("split");
    return out;
  }
  finished(hand) {
    const total = points(hand.cards).total;
    if (total > 21) return true;
    return this.legal().every((kind) => kind === "stick");
  }
  advance() {
    while (this.seat < this.seats.length) {
      const hands = this.seats[this.seat];
      while (this.index < hands.length) {
        const hand = hands[this.index];
        if (!hand.done && this.finished(hand)) hand.done = true;
        if (!hand.done) return;
        this.index += 1;
      }
      this.seat += 1;
      this.index = 0;
    }
    this.playBanker();
  }
  playBanker() {
    const live = this.seats.some((hands) => hands.some((h) => points(h.cards).total <= 21));
    while (live && this.banker.length < 5) {
      const { total, soft } = points(this.banker);
      if (total > 17 || (total === 17 && !soft)) break;
      this.deal(this.banker);
    }
    this.over = true;
  }
  apply(kind) {
    const hands = this.seats[this.seat], hand = this.hand();
    if (kind === "stick") hand.done = true;
    if (kind === "twist") { hand.twisted = true; this.deal(hand.cards); }
    if (kind === "double") {
      hand.stakes.push(hand.stakes.reduce((s, x) => s + x, 0));
      hand.doubled = true;
      this.deal(hand.cards);
    }
    if (kind === "split") {
      const moved = newHand(hand.stakes[0], [hand.cards.pop()], true);
      hand.split = true;
      if (hand.sibling) hand.sibling.blocked = true; // only one branch splits again
      hand.sibling = moved;
      moved.sibling = hand;
      hands.splice(this.index + 1, 0, moved);
      this.deal(hand.cards);
      this.deal(moved.cards);
    }
    this.advance();
  }
  refusal(move) {
    if (this.over || move.actor !== this.actor()) return "wrong_actor";
    const legal = this.legal();
    if (!legal.includes(move.action)) return "illegal_action";
    return move.amount === undefined || move.amount === null ? null : "bad_amount";
  }
  observe() {
    const hands = { banker: this.banker.slice() };
    this.seats.forEach((hs, i) => { hands[`p${i + 1}`] = hs.map((h) => h.cards.slice()); });
    return { actor: this.actor(), legal: this.legal().map((action) => ({ action })), hands };
  }
  settleHand(hand) {
    const staked = hand.stakes.reduce((s, x) => s + x, 0);
    const mine = classOf(hand), theirs = classOf({ cards: this.banker });
    if (mine === "bust") return -staked;
    if (theirs === "bust") return staked * PAYS[mine];
    const a = RANKING.indexOf(mine), b = RANKING.indexOf(theirs);
    if (a !== b) return a < b ? staked * PAYS[mine] : -staked;
    if (mine === "total") {
      const diff = points(hand.cards).total - points(this.banker).total;
      if (diff > 0) return staked * PAYS[mine];
    }
    return -staked; // ties go to the dealer
  }
  final() {
    let bank = 0;
    const seats = this.seats.map((hs, i) => {
      const hands = hs.map((h) => ({ cards: h.cards, total: points(h.cards).total,
        class: classOf(h), stakes: h.stakes, net: this.settleHand(h) }));
      const net = hands.reduce((s, h) => s + h.net, 0);
      bank -= net;
      return { seat: `p${i + 1}`, hands, net };
    });
    const banker = { cards: this.banker, total: points(this.banker).total,
      class: classOf({ cards: this.banker }), net: bank };
    return { seats, banker, ended_early: this.endedEarly };
  }
}

function play(vector) {
  if (vector.ruleset.id !== RULESET) return { skipped: true, message: `only ${RULESET}` };
  try {
    const round = new Round(vector.stakes, vector.shoe);
    const steps = vector.steps.map((step) => {
      if (step.expect) return round.observe();
      const move = step.do || step.reject;
      const code = round.refusal(move);
      if (step.do && code === null) round.apply(move.action);
      return { code };
    });
    return { trace: { steps, final: round.over ? round.final() : null } };
  } catch (e) {
    return { errored: true, context: { message: String(e.message || e) } };
  }
}

function serve() {
  const rl = readline.createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const request = JSON.parse(line);
    if (request.cmd === "stop") { rl.close(); return; }
    const reply = request.cmd === "start"
      ? { name: "ochko-node-example", version: "1.0", rulesets: [RULESET] }
      : { seq: request.seq, ...play(request.vector) };
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
}

if (process.argv.includes("--one-shot")) {
  let text = "";
  process.stdin.on("data", (chunk) => { text += chunk; });
  process.stdin.on("end", () => process.stdout.write(JSON.stringify(play(JSON.parse(text))) + "\n"));
} else {
  serve();
}
