// bench:catalog's catalogue: a realistic one, the same on every run (words, names, scripts, plots), and
// the search terms asked of it (popular, misspelt, in Indian scripts, from descriptions).

/** Films seeded (the benchmark's catalogue). */
export const TITLES = 100_000;
/** Series seeded beside the films, each with EPISODES_PER_SERIES episodes (issue 19: search covers them). */
export const SERIES = 2000;
export const EPISODES_PER_SERIES = 10;
const CATEGORIES = ['political', 'health', 'education'];
/** Marks the rows this benchmark seeded; a run finds TITLES of them and seeds nothing. */
export const SEED_VENDOR = 'bench-seed-v1';

const LANGUAGES = ['English', 'Hindi', 'Tamil', 'Telugu', 'Malayalam', 'Bhojpuri', 'Kannada', 'Bengali'];
export const GENRES = [
  'Action',
  'Drama',
  'Thriller',
  'Romance',
  'Sci-Fi',
  'Horror',
  'Trending',
  'Featured',
  'Comedy',
  'Classic',
  'Kids',
  'Devotional',
  'South Favourites',
  'Sports',
];
const RATINGS = ['U', 'U/A', 'A'];
const ENGLISH_WORDS = [
  ...new Set(
    (
      'love story return night kingdom warrior shadow river city dream fire storm legend hero journey secret empire ' +
      'blood honour village monsoon thunder silence destiny revenge queen king brother sister family wedding school ' +
      'cricket champion tiger lion eagle moon sun star ocean mountain desert train road home heart soul game mission ' +
      'last first lost found broken golden silver dark light red black white blue wild hidden forgotten eternal ' +
      'sacred little big great final dangerous beautiful wicked brave honest crazy lucky happy sweet bitter rising ' +
      'falling running burning flying singing dancing girl boy man woman child father mother son daughter friend ' +
      'enemy stranger teacher doctor soldier police thief prince princess saint devil angel ghost spirit god temple ' +
      'palace fort house street market station bridge island forest jungle garden field sky rain wind snow winter ' +
      'summer spring autumn morning evening midnight dawn dusk day week year time memory promise truth lie justice ' +
      'freedom power money gold diamond treasure crown sword arrow gun bullet fight battle war peace escape chase ' +
      'hunt trap match goal wish hope fear rage fury glory pride courage faith'
    ).split(' '),
  ),
];
const FIRST_NAMES = (
  'Aarav Abhishek Aditi Aditya Aishwarya Ajay Akash Akshay Alia Allu Amala Amit Amitabh Amrita Anand Ananya Anil ' +
  'Anjali Ankita Anupam Anushka Aparna Arjun Arvind Asha Ashok Ayesha Ayushmann Balakrishna Bhumi Chiranjeevi Deepa ' +
  'Deepika Dev Dhanush Dileep Dilip Divya Dulquer Fahadh Farhan Gautam Geetha Girish Gopi Govinda Hema Hrithik ' +
  'Indrajith Irrfan Jaya Jayaram Jeeva Jyothika Kajal Kajol Kamal Kangana Karan Kareena Karthi Kartik Katrina Keerthy ' +
  'Khesari Kiara Kishore Kriti Kunal Lakshmi Madhavan Madhuri Mahesh Mammootty Manju Manoj Meena Mohanlal Mrunal ' +
  'Nagarjuna Nani Naseeruddin Nayanthara Nazriya Neha Nithya Nivin Pankaj Parvathy Pawan Pooja Prabhas Prakash ' +
  'Pranav Prasenjit Priyamani Priyanka Prithviraj Radhika Rahul Rajinikanth Rajkummar Rakul Ram Rana Ranbir Rani ' +
  'Ranveer Rashmika Ravi Revathi Rishi Ritesh Sai Saif Samantha Sanjay Sara Shabana Shahid Shilpa Shraddha Shruti ' +
  'Siddharth Simran Sivakarthikeyan Smita Sonam Soumitra Sridevi Srinidhi Sudeep Sunil Suriya Sushant Swara Tabu ' +
  'Taapsee Tamannaah Tiger Tovino Trisha Upendra Urvashi Varun Venkatesh Vicky Vidya Vijay Vikram Vinayakan Vishal ' +
  'Yash Zeenat'
).split(' ');
const LAST_NAMES = (
  'Acharya Agarwal Ahuja Arora Babu Bachchan Banerjee Basu Bhat Bhatt Bose Chakraborty Chatterjee Chopra Das Deol ' +
  'Desai Deshmukh Devgn Dixit Dutt Dutta Ganguly Ghosh Gowda Hegde Iyer Jain Joseph Joshi Kapoor Kaur Khan Khanna ' +
  'Kher Krishnan Kumar Kurian Malhotra Mathew Menon Mishra Mukherjee Murthy Nair Naidu Narayan Pandey Panicker Patel ' +
  'Patil Pillai Prabhu Prakash Rai Raj Rajan Raman Rao Rathore Reddy Roy Saxena Sen Seth Shah Sharma Shetty Shinde ' +
  'Shroff Singh Sinha Sivan Subramaniam Sundaram Thakur Thomas Tiwari Varghese Varma Verma Vijayan Yadav'
).split(' ');
/** Consonant and vowel-sign sets for made-up words in each language's own script. */
const SCRIPTS = {
  Hindi: { consonants: [...'कखगचजटडतदनपबमयरलवशसह'], signs: ['', 'ा', 'ि', 'ी', 'ु', 'े', 'ो', 'ं'] },
  Bhojpuri: { consonants: [...'कखगचजटडतदनपबमयरलवशसह'], signs: ['', 'ा', 'ि', 'ी', 'ु', 'े', 'ो'] },
  Telugu: { consonants: [...'కగచజటడతదనపబమయరలవశసహ'], signs: ['', 'ా', 'ి', 'ీ', 'ు', 'ె', 'ో', 'ం'] },
  Tamil: { consonants: [...'கசடதநபமயரலவழளறன'], signs: ['', 'ா', 'ி', 'ீ', 'ு', 'ெ', 'ோ', '்'] },
  Malayalam: { consonants: [...'കഗചജടഡതദനപബമയരലവശസഹ'], signs: ['', 'ാ', 'ി', 'ീ', 'ു', 'െ', 'ോ', 'ം'] },
  Kannada: { consonants: [...'ಕಗಚಜಟಡತದನಪಬಮಯರಲವಶಸಹ'], signs: ['', 'ಾ', 'ಿ', 'ೀ', 'ು', 'ೆ', 'ೋ', 'ಂ'] },
  Bengali: { consonants: [...'কগচজটডতদনপবমযরলশসহ'], signs: ['', 'া', 'ি', 'ী', 'ু', 'ে', 'ো', 'ং'] },
};
const ONSETS = [
  '',
  'k',
  'g',
  'ch',
  'j',
  't',
  'd',
  'dh',
  'n',
  'p',
  'b',
  'bh',
  'm',
  'y',
  'r',
  'l',
  'v',
  'sh',
  's',
  'h',
];
const VOWELS = ['a', 'a', 'aa', 'i', 'ee', 'u', 'e', 'o', 'an', 'ar'];
const CODAS = ['', '', '', '', 'n', 'm', 'r', 'l', 'ya', 'ka', 'ra', 'na'];
const PLOTS = [
  'A gripping tale of',
  'An unforgettable journey through the life of',
  'The story of',
  'A heartwarming drama about',
  'A pulse-pounding thriller about',
  'A comedy of errors about',
  'A devotional epic about',
  'A coming-of-age story about',
  'A love story between',
];
const HEROES = [
  'a young farmer',
  'two estranged brothers',
  'a fearless police officer',
  'a small-town teacher',
  'a cricket prodigy',
  'a runaway bride',
  'an ageing boxer',
  'a family of musicians',
  'a village on the river',
  'a detective in Mumbai',
  'a tea-stall owner',
  'a scientist in Bengaluru',
  'a fisherman in Kerala',
  'a dancer from Kolkata',
  'a soldier returning home',
  'a schoolgirl in Madurai',
  'a truck driver from Punjab',
  'a temple priest in Varanasi',
  'a journalist in Hyderabad',
  'a chess champion from Chennai',
];
const STAKES = [
  'who must choose between love and duty.',
  'fighting to save their home.',
  'in search of a lost treasure.',
  'as the monsoon floods the city.',
  'on the eve of an election.',
  'against a powerful landlord.',
  'while a secret from the past returns.',
  'chasing a dream against all odds.',
  'caught between two families.',
  'on a journey across the Western Ghats.',
];
const DESCRIPTION_TERMS = [
  'farmer',
  'kerala',
  'detective',
  'monsoon',
  'cricket',
  'landlord',
  'treasure',
  'varanasi',
];

/** mulberry32: a small seeded generator, so every run builds the same catalogue and the same terms. */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 with probability ∝ 1/(k+1)^s: a few very common, a long tail of rare ones. */
export function zipf(n, s) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return (/** @type {() => number} */ r) => {
    const x = r() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const capitalise = (/** @type {string} */ word) => word[0].toUpperCase() + word.slice(1);

function vocabulary() {
  const r = random(7);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(r() * list.length)];
  const madeUp = () => {
    let word = '';
    for (let i = 2 + Math.floor(r() * 2); i > 0; i--) word += pick(ONSETS) + pick(VOWELS);
    return word + pick(CODAS);
  };
  const inScript = (/** @type {{ consonants: string[], signs: string[] }} */ script) => {
    let word = '';
    for (let i = 2 + Math.floor(r() * 3); i > 0; i--) word += pick(script.consonants) + pick(script.signs);
    return word;
  };
  const distinct = (/** @type {() => string} */ make, /** @type {number} */ count) => {
    const words = new Set();
    for (let tries = 0; words.size < count && tries < count * 3; tries++) {
      const word = make();
      if (word.length >= 3) words.add(word);
    }
    return [...words];
  };
  const indian = distinct(madeUp, 8000);
  const scripted = Object.fromEntries(
    Object.entries(SCRIPTS).map(([language, script]) => [language, distinct(() => inScript(script), 600)]),
  );
  const actors = distinct(() => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`, 30_000);
  return { indian, scripted, actors };
}

export function catalogue() {
  const words = vocabulary();
  const r = random(42);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(r() * list.length)];
  const englishRank = zipf(ENGLISH_WORDS.length, 0.6);
  const indianRank = zipf(words.indian.length, 0.7);
  const scriptRank = zipf(600, 0.8);
  const actorRank = zipf(words.actors.length, 0.5);
  const now = Date.now();
  /** @param {number} i */
  const movie = (i) => {
    const language = LANGUAGES[i % LANGUAGES.length];
    const scripted = language !== 'English' && r() < 0.2;
    const titleWords = new Set();
    for (let n = 1 + Math.floor(r() * 3); titleWords.size < n;) {
      if (scripted) {
        const list = words.scripted[language];
        titleWords.add(list[scriptRank(r) % list.length]);
      } else {
        const english = r() < (language === 'English' ? 0.8 : 0.35);
        titleWords.add(capitalise(english ? ENGLISH_WORDS[englishRank(r)] : words.indian[indianRank(r)]));
      }
    }
    let title = [...titleWords].join(' ');
    if (r() < 0.05) title += ` ${2 + Math.floor(r() * 3)}`;
    const cast = [
      ...new Set(Array.from({ length: 3 + Math.floor(r() * 4) }, () => words.actors[actorRank(r)])),
    ];
    const genre = [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(GENRES)))];
    const hours = 1 + Math.floor(r() * 2);
    const minutes = Math.floor(r() * 60);
    const slug = `${title
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')}-${i + 1}`;
    return {
      slug,
      title,
      description: `${pick(PLOTS)} ${pick(HEROES)} ${pick(STAKES)} Starring ${cast.join(' and ')}.`,
      cast,
      genre,
      language,
      rating: pick(RATINGS),
      release_year: 1950 + Math.floor(r() * 77),
      duration: minutes ? `${hours}hr ${minutes}min` : `${hours}hr`,
      thumbnail: `images/bench-thumbnail-${i % 500}.webp`,
      banner: `images/bench-banner-${i % 500}.webp`,
      title_image: `images/bench-title-${i % 500}.webp`,
      trailer_url: null,
      movie_url: `https://cdn.example.com/bench/${i + 1}.m3u8`,
      is_free: r() < 0.1,
      type: 'movie',
      vendor: SEED_VENDOR,
      // One a minute, so newest-first orders are stable and the newest titles are the last seeded.
      created_at: new Date(now - (TITLES - i) * 60_000).toISOString(),
    };
  };
  const showRandom = random(43);
  const showPick = (/** @type {string[]} */ list) => list[Math.floor(showRandom() * list.length)];
  const showWord = () =>
    capitalise(
      showRandom() < 0.5 ? ENGLISH_WORDS[englishRank(showRandom)] : words.indian[indianRank(showRandom)],
    );
  /** A series and its episodes, as rows of each table (episodes name their series by its id). */
  const show = (/** @type {number} */ i) => {
    const id = seriesId(i);
    const language = LANGUAGES[i % LANGUAGES.length];
    const title = [...new Set(Array.from({ length: 1 + Math.floor(showRandom() * 3) }, showWord))].join(' ');
    const cast = [
      ...new Set(
        Array.from({ length: 2 + Math.floor(showRandom() * 3) }, () => words.actors[actorRank(showRandom)]),
      ),
    ];
    const category = CATEGORIES[i % CATEGORIES.length];
    const rating = showPick(RATINGS);
    const created = now - (SERIES - i) * 600_000;
    const series = {
      id,
      title,
      description: `${showPick(PLOTS)} ${showPick(HEROES)} ${showPick(STAKES)}`,
      cast,
      language,
      rating,
      tags: [showWord().toLowerCase()],
      title_image: `images/bench-title-${i % 500}.webp`,
      genre: [showPick(GENRES)],
      category,
      created_at: new Date(created).toISOString(),
    };
    const episodes = Array.from({ length: EPISODES_PER_SERIES }, (_, n) => ({
      series_id: id,
      title: [...new Set(Array.from({ length: 1 + Math.floor(showRandom() * 3) }, showWord))].join(' '),
      description: `${showPick(PLOTS)} ${showPick(STAKES)}`,
      video_url: `https://cdn.example.com/bench/shows/${i + 1}/${n + 1}.m3u8`,
      duration: `${20 + Math.floor(showRandom() * 30)}min`,
      release_date: new Date(created).toISOString().slice(0, 10),
      cast,
      rating,
      category,
      banner: `images/bench-banner-${(i + n) % 500}.webp`,
      title_image: series.title_image,
      episode_number: n + 1,
      created_at: new Date(created + n * 1000).toISOString(),
    }));
    return { series, episodes };
  };
  return { words, movie, show };
}

/** The n-th seeded series' id: fixed, so its episodes can name it in the same batch. */
function seriesId(/** @type {number} */ n) {
  return `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`;
}

/** One typing mistake: a letter dropped, two swapped, or one replaced. */
function misspell(/** @type {string} */ word, /** @type {() => number} */ r) {
  const letters = [...word];
  const at = 1 + Math.floor(r() * (letters.length - 2));
  const kind = Math.floor(r() * 3);
  if (kind === 0) letters.splice(at, 1);
  else if (kind === 1) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  else letters[at] = 'aeiou'[Math.floor(r() * 5)];
  return letters.join('');
}

/**
 * The terms visitors type, 3+ characters each: exact and misspelt title words, actors (a name, both
 * names, misspelt), two-word titles, words in Indian scripts and their beginnings, description words.
 * @param {ReturnType<typeof catalogue>} data
 * @param {number} count
 * @param {number} seed
 */
export function searchTerms(data, count, seed) {
  const r = random(seed);
  const englishRank = zipf(ENGLISH_WORDS.length, 0.6);
  const indianRank = zipf(data.words.indian.length, 0.7);
  const actorRank = zipf(data.words.actors.length, 0.5);
  const titleWord = () => (r() < 0.5 ? ENGLISH_WORDS[englishRank(r)] : data.words.indian[indianRank(r)]);
  const makers = [
    [0.3, () => titleWord()],
    [0.2, () => misspell(titleWord(), r)],
    [0.1, () => data.words.actors[actorRank(r)]],
    [0.05, () => misspell(data.words.actors[actorRank(r)].split(' ')[0], r)],
    [0.05, () => data.words.actors[actorRank(r)].split(' ')[r() < 0.5 ? 0 : 1]],
    [0.1, () => `${ENGLISH_WORDS[englishRank(r)]} ${ENGLISH_WORDS[englishRank(r)]}`],
    [
      0.1,
      () => {
        const list = data.words.scripted[LANGUAGES[1 + Math.floor(r() * 7)]];
        const word = list[Math.floor(r() * 60)];
        return r() < 0.7 ? word : [...word].slice(0, Math.max(3, [...word].length - 2)).join('');
      },
    ],
    [0.1, () => DESCRIPTION_TERMS[Math.floor(r() * DESCRIPTION_TERMS.length)]],
  ];
  const terms = new Set();
  while (terms.size < count) {
    let x = r();
    const [, make] = makers.find(([share]) => (x -= share) < 0) ?? makers[0];
    const term = make().toLowerCase();
    if ([...term.replace(/\s/g, '')].length >= 3) terms.add(term);
  }
  return [...terms];
}
