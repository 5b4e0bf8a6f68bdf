/**
 * Demands and put-downs by their kind rather than by their wording (issue 30, item 2): a height requirement, a demand
 * about the match's body, a threat not to reply, a list of "no …", and a consequence ("need not apply", "keep
 * walking", "it's a no") with the condition it answers. Each kind is a pattern of its parts (a measure and a cue that
 * it is asked of the match; a consequence word; a "no" before a kind of person), so a phrasing the patterns were not
 * written from is caught too. The phrase lists of phrases.ts stay for the fixed lines; clean.ts removes what either
 * finds, condition and consequence together.
 */
import type { Span } from "./match.ts";
import { splitClauses, splitSentences } from "./sentences.ts";

export interface DemandMatch extends Span {
  quote: string;
  why: string;
}

const WHY = "it sets a rule for a stranger before they know anything good about you, and kind people often take it personally";
const WHY_BODY = "a rule about a stranger's height or body reads as a checklist, and it puts off people you might have liked";
const WHY_REPLY = "a warning about how you will treat their first message puts people off before they write it";

/** A height: 6ft, 6'1, 5’11”, six foot, 1,85 m, 183cm. */
const MEASURE = String.raw`(?:\b[4-7]\s?(?:'|’|ft\b\.?|foot\b|feet\b)\s?(?:1[01]|[0-9])?\s?(?:"|”|''|in\b|inches\b)?\+?|\b1[.,][5-9]\d?\s?m\b|\b1[4-9]\d\s?cm\b|\b2[01]\d\s?cm\b|\b(?:five|six|seven)\s?(?:foot|feet|ft)\b(?:\s(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven))?\+?)`;
/** That the height is asked of the match: a requirement word, a comparison, or a "+". */
const HEIGHT_CUE =
  /\b(?:be|must|only|need|needs|required|requirement|minimum|min|at least|or (?:taller|above|more|over)|and (?:up|over|above|taller)|taller|shorter|under|over|above|below|plus|please|if you(?:'|’)?re|if you are|guys|men|man|women|girls|someone)\b|\+/iu;
/** Comparisons and kinds of people by height: "taller than me", "shorter than 6'1", "no short guys", "tall men only". */
const TALLER = /\b(?:taller|shorter) than\b|\bbe taller\b|\b(?:short|tall) (?:guys|men|kings|women|girls|people)\b|\bheight (?:requirement|matters)\b/iu;

/** The match's body or looks, as something asked of them. */
const BODY =
  /\b(?:takes?|taking) (?:good )?care of (?:herself|himself|themselves|themself|yourself|their body|your body|his body|her body)|\blooks? after (?:herself|himself|themselves|yourself)\b|\b(?:in (?:good |great )?shape|athletic (?:build|body|bodies)|slim|skinny|petite|dad bods?|beer bell(?:y|ies)|overweight|chubby|bbw|well[- ]groomed|gym (?:rats?|bros?|goers?)|hits? the gym|goes? to the gym|fit and healthy)\b/iu;
/** What makes a body line a demand: it is about someone else, as a want or a rule. */
const ABOUT_THEM = /\b(?:someone|somebody|who|you|your|yourself|must|need|needs|should|only|expect|please|no|a (?:man|woman|guy|girl|lady|gentleman)|partner|looking for|want)\b/iu;

/** Not replying, as a threat about their first message. */
const REPLY_THREAT =
  /\b(?:won(?:'|’)?t|will not|wont|don(?:'|’)?t|do not|never|not) (?:be )?(?:reply|replying|respond|responding|answer|answering|write back|writing back|message back)\b|\b(?:no|zero) (?:reply|response|answer)\b|\bget(?:s|ting)? (?:ignored|unmatched|no (?:reply|answer|response)|left on read)\b|\b(?:instant|auto(?:matic)?) unmatch\b|\bunmatch(?:ed|ing)?\b|\bleft on read\b|\bexpect (?:silence|no (?:reply|answer|response)|nothing back)\b|\bignored\b/iu;
/** What a reply threat is about: their message. */
const MESSAGE = /\b(?:hi|hey|heyy+|hello|hiya|yo|message|messages|opener|openers|opening line|text|texts|reply|replies|one[- ]word|first line)\b/iu;

/** A consequence for the match: the second half of "if you're X, …". */
const CONSEQUENCE =
  /\b(?:swipe left|left swipe|keep (?:scrolling|swiping|walking|moving)|move along|need not apply|needn(?:'|’)?t apply|don(?:'|’)?t (?:even )?(?:bother|think about it|waste)|(?:it(?:'|’)?s|that(?:'|’)?s) a (?:no|pass|hard no)\b|hard pass|we won(?:'|’)?t (?:get along|work)|we(?:'|’)?re not (?:a )?match|sorry,? not sorry)|^(?:bye+|next|nope)[.!]*$/iu;

/** "No smokers", "no gym bros", "no guys who…": a "no" before a kind of person or a thing ruled out for them. */
const NO_KIND =
  /\bno (?:\p{L}+ ){0,2}(?:smokers?|vapers?|drugs|druggies|liars|cheaters|players|tourists|married|guys|men|women|girls|boys|bros|people|one night stands|hook ?ups|flakes|ghosts|time ?wasters|fakes?|bots|bods|catfish|pen ?pals|bellies|baggage|exes|couples|short|fat|bald)\b/iu;
/** "I'm not here for pen pals or people who…": ruling kinds of people out, said as what they are not here for. */
const NOT_HERE_FOR = /\bnot (?:here|on here|on this app) for (?:\p{L}+ )?(?:pen ?pals|people|anyone|guys|men|women|girls|boys|players|time ?wasters|hook ?ups|flings|tourists|bots)\b/iu;
/** Two "no …" items in a row ("No drama, no games"): a list of rules whatever the items are. */
const NO_LIST = /(?:^|[,;.!]\s*|\s)no \p{L}+[^,;.!?]*(?:,|;|\sor\s|\sand\s)\s*no \p{L}+/iu;

/** A clause that sets a condition for the demand after it ("If you're only after a pen pal or …, keep walking"). */
const CONDITION = /^(?:if|unless|when|whenever|as long as)\b/iu;
/** A clause with a subject of its own: a new statement, no longer part of the condition before it. */
const OWN_SUBJECT = /^(?:i|i'm|i’m|i've|i’ve|i'll|i’ll|i'd|i’d|im|ive|my|we|we're|we’re|our|me)\b/iu;
/** A demand clause that gives the reason before it as its own ("…, so no dad bods please"): the reason goes with it. */
const REASON_JOIN = /^(?:so|then|therefore|which means|hence)\b/iu;

interface Signal {
  why: string;
  /** The demand runs to the end of its sentence (a height line's "…, and I'm 5'10" is part of it). */
  toEnd: boolean;
  /** It starts where its sentence does, or after the last clause of theirs ("Say hey and nothing else and you'll be ignored"). */
  fromStart?: boolean;
}

function signalIn(clause: string, sentence: string): Signal | null {
  const height = new RegExp(MEASURE, "iu");
  if (TALLER.test(clause) || (height.test(clause) && HEIGHT_CUE.test(clause.replace(height, " ")) && !/^(?:i|i'm|i’m|im|i am)\b/iu.test(clause.trim()))) {
    return { why: WHY_BODY, toEnd: true };
  }
  if (BODY.test(clause) && ABOUT_THEM.test(sentence) && !/^(?:i|i'm|i’m|im|i am|my)\b/iu.test(clause.trim())) return { why: WHY_BODY, toEnd: false };
  if (REPLY_THREAT.test(clause) && MESSAGE.test(sentence)) return { why: WHY_REPLY, toEnd: false, fromStart: true };
  // A bare consequence ("Smokers and flakes, don't even think about it") has its condition before it, whatever its form.
  if (CONSEQUENCE.test(clause.trim())) return { why: WHY, toEnd: false, fromStart: !/\b(?:if|unless|when)\b/iu.test(clause) };
  if (NO_KIND.test(clause) || NOT_HERE_FOR.test(clause)) return { why: WHY, toEnd: false };
  return null;
}

/** Every demand in a text, each from the start of its condition to the end of its consequence, one per sentence. */
export function findDemands(text: string): DemandMatch[] {
  const out: DemandMatch[] = [];
  for (const sentence of splitSentences(text)) {
    const clauses = splitClauses(sentence.text);
    const list = NO_LIST.test(sentence.text);
    const signals = clauses.map((c) => signalIn(c.text, sentence.text) ?? (list && /\bno \p{L}/iu.test(c.text) ? { why: WHY, toEnd: false } : null));
    const first = signals.findIndex(Boolean);
    if (first === -1) continue;
    const last = signals.findLastIndex(Boolean);
    let from = first;
    // The condition before it, over every clause of the condition ("If you're a X or you think Y, keep walking").
    for (let j = first - 1; j >= 0; j--) {
      if (OWN_SUBJECT.test(clauses[j]!.text.trim())) break;
      if (CONDITION.test(clauses[j]!.text.trim())) {
        from = j;
        break;
      }
    }
    if (REASON_JOIN.test(clauses[first]!.text.trim())) from = 0;
    if (signals[first]!.fromStart) {
      const own = clauses.slice(0, first).findLastIndex((c) => OWN_SUBJECT.test(c.text.trim()));
      from = Math.min(from, own + 1);
    }
    const toEnd = signals.some((s) => s?.toEnd);
    const start = sentence.start + clauses[from]!.start;
    const end = toEnd ? sentence.end : sentence.start + clauses[last]!.end;
    const quote = text.slice(start, end).replace(/[\s,;:.!?…–—-]+$/u, "");
    out.push({ start, end: start + quote.length, quote, why: signals[first]!.why });
  }
  return out;
}
