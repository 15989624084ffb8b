// Martin Porter's stemmer as his own ANSI C release (tartarus.org/martin/PorterStemmer) computes it, with its two
// departures from the 1980 paper ('bli' -> 'ble', 'logi' -> 'log'); words of one or two letters are left alone.
// The reference is NLTK's PorterStemmer in MARTIN_EXTENSIONS mode, that same algorithm. Written here rather than
// taken from npm's `stemmer`, whose regex port differs on words that are all suffix ('sses', 'ies', 'eed') and on a
// doubled consonant 'y' ('byyed'): docs/decisions.md, "examples/recall". Input: a token of [a-z0-9].

class Word {
  b: string[];
  k: number;
  j = 0;

  constructor(word: string) {
    this.b = [...word];
    this.k = this.b.length - 1;
  }

  /** True when b[i] is a consonant: not a vowel, and 'y' only after a vowel or at the start. */
  cons(i: number): boolean {
    switch (this.b[i]) {
      case 'a': case 'e': case 'i': case 'o': case 'u':
        return false;
      case 'y':
        return i === 0 ? true : !this.cons(i - 1);
      default:
        return true;
    }
  }

  /** The measure of b[0..j]: the number of vowel-consonant sequences. */
  m(): number {
    let n = 0;
    let i = 0;
    for (;;) {
      if (i > this.j) return n;
      if (!this.cons(i)) break;
      i += 1;
    }
    i += 1;
    for (;;) {
      for (;;) {
        if (i > this.j) return n;
        if (this.cons(i)) break;
        i += 1;
      }
      i += 1;
      n += 1;
      for (;;) {
        if (i > this.j) return n;
        if (!this.cons(i)) break;
        i += 1;
      }
      i += 1;
    }
  }

  vowelInStem(): boolean {
    for (let i = 0; i <= this.j; i += 1) if (!this.cons(i)) return true;
    return false;
  }

  doubleC(j: number): boolean {
    return j >= 1 && this.b[j] === this.b[j - 1] && this.cons(j);
  }

  /** consonant-vowel-consonant ending at i, the last consonant not w, x or y. */
  cvc(i: number): boolean {
    if (i < 2 || !this.cons(i) || this.cons(i - 1) || !this.cons(i - 2)) return false;
    const ch = this.b[i];
    return ch !== 'w' && ch !== 'x' && ch !== 'y';
  }

  ends(suffix: string): boolean {
    const length = suffix.length;
    if (length > this.k + 1) return false;
    if (this.b.slice(this.k - length + 1, this.k + 1).join('') !== suffix) return false;
    this.j = this.k - length;
    return true;
  }

  setTo(replacement: string): void {
    this.b.splice(this.j + 1, this.b.length - this.j - 1, ...replacement);
    this.k = this.j + replacement.length;
  }

  r(replacement: string): void {
    if (this.m() > 0) this.setTo(replacement);
  }

  text(): string {
    return this.b.slice(0, this.k + 1).join('');
  }
}

function step1ab(z: Word): void {
  if (z.b[z.k] === 's') {
    if (z.ends('sses')) z.k -= 2;
    else if (z.ends('ies')) z.setTo('i');
    else if (z.b[z.k - 1] !== 's') z.k -= 1;
  }
  z.b.length = z.k + 1;
  if (z.ends('eed')) {
    if (z.m() > 0) z.k -= 1;
  } else if ((z.ends('ed') || z.ends('ing')) && z.vowelInStem()) {
    z.k = z.j;
    z.b.length = z.k + 1;
    if (z.ends('at')) z.setTo('ate');
    else if (z.ends('bl')) z.setTo('ble');
    else if (z.ends('iz')) z.setTo('ize');
    else if (z.doubleC(z.k)) {
      z.k -= 1;
      const ch = z.b[z.k];
      if (ch === 'l' || ch === 's' || ch === 'z') z.k += 1;
    } else if (z.m() === 1 && z.cvc(z.k)) {
      z.setTo('e');
    }
  }
  z.b.length = z.k + 1;
}

function step1c(z: Word): void {
  if (z.ends('y') && z.vowelInStem()) z.b[z.k] = 'i';
}

/** Suffix -> replacement, tried in order for the letter before the last; the first suffix that ends the word decides. */
const STEP2: Record<string, [string, string][]> = {
  a: [['ational', 'ate'], ['tional', 'tion']],
  c: [['enci', 'ence'], ['anci', 'ance']],
  e: [['izer', 'ize']],
  l: [['bli', 'ble'], ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous']],
  o: [['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate']],
  s: [['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous']],
  t: [['aliti', 'al'], ['iviti', 'ive'], ['biliti', 'ble']],
  g: [['logi', 'log']],
};

const STEP3: Record<string, [string, string][]> = {
  e: [['icate', 'ic'], ['ative', ''], ['alize', 'al']],
  i: [['iciti', 'ic']],
  l: [['ical', 'ic'], ['ful', '']],
  s: [['ness', '']],
};

function replaceFirst(z: Word, rules: [string, string][] | undefined): void {
  for (const [suffix, replacement] of rules ?? []) {
    if (z.ends(suffix)) {
      z.r(replacement);
      return;
    }
  }
}

const STEP4: Record<string, string[]> = {
  a: ['al'], c: ['ance', 'ence'], e: ['er'], i: ['ic'], l: ['able', 'ible'], n: ['ant', 'ement', 'ment', 'ent'],
  o: ['ion', 'ou'], s: ['ism'], t: ['ate', 'iti'], u: ['ous'], v: ['ive'], z: ['ize'],
};

function step4(z: Word): void {
  const suffixes = STEP4[z.b[z.k - 1] ?? ''];
  if (suffixes === undefined) return;
  let found = false;
  for (const suffix of suffixes) {
    if (suffix === 'ion') {
      if (z.ends('ion') && z.j >= 0 && (z.b[z.j] === 's' || z.b[z.j] === 't')) {
        found = true;
        break;
      }
    } else if (z.ends(suffix)) {
      found = true;
      break;
    }
  }
  if (found && z.m() > 1) z.k = z.j;
}

function step5(z: Word): void {
  z.j = z.k;
  if (z.b[z.k] === 'e') {
    const a = z.m();
    if (a > 1 || (a === 1 && !z.cvc(z.k - 1))) z.k -= 1;
  }
  if (z.b[z.k] === 'l' && z.doubleC(z.k) && z.m() > 1) z.k -= 1;
}

/** Porter's stem of one token of [a-z0-9]. */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  const z = new Word(word);
  step1ab(z);
  if (z.k > 0) {
    step1c(z);
    z.b.length = z.k + 1;
    replaceFirst(z, STEP2[z.b[z.k - 1] ?? '']);
    z.b.length = z.k + 1;
    replaceFirst(z, STEP3[z.b[z.k] ?? '']);
    z.b.length = z.k + 1;
    step4(z);
    z.b.length = z.k + 1;
    step5(z);
  }
  return z.text();
}
