// The demo catalogue: titles written for Chitram, with the flavour of Indian regional cinema. Every
// person named here is invented. Titles in an Indian script carry their Latin spelling (`latin`), which
// the title image shows under the lettering.

/** Where demo titles point to play: a public HLS test stream (the playback issue brings real ones). */
export const DEMO_STREAM = 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8';

/** @typedef {{ title: string, latin?: string, language: string, genre: string[], cast: string[], rating: 'U' | 'U/A' | 'A', year: number, duration: string, free?: boolean, tagline: string, description: string }} DemoMovie */

/** @type {DemoMovie[]} */
export const MOVIES = [
  // ---- Telugu ----
  {
    title: 'Godavari Express',
    language: 'Telugu',
    genre: ['Thriller', 'Trending'],
    cast: ['Ravi Kiran Challa', 'Lakshmi Prasanna Vemuri', 'Arjun Kodali'],
    rating: 'U/A',
    year: 2023,
    duration: '2hr 14min',
    tagline: 'One night. One train. No way off.',
    description:
      'On the overnight train from Rajahmundry to Vijayawada, a ticket inspector who notices everything finds a ledger that three passengers would kill for. He has until the last station to work out which three.',
  },
  {
    title: 'వెన్నెల దారి',
    latin: 'Vennela Daari',
    language: 'Telugu',
    genre: ['Romance', 'Featured'],
    cast: ['Sai Keerthana Mandava', 'Nikhil Pusapati', 'Rohini Gadde'],
    rating: 'U',
    year: 2024,
    duration: '2hr 26min',
    tagline: 'Some roads are lit only by the moon.',
    description:
      'A night-bus conductor and a violinist who misses her stop every Friday fall for each other one moonlit route at a time, until the depot announces the route is being cut.',
  },
  {
    title: 'సింహ గర్జన',
    latin: 'Simha Garjana',
    language: 'Telugu',
    genre: ['Action', 'South Favourites', 'Trending'],
    cast: ['Surya Teja Boddu', 'Anjali Rayapati', 'Jagan Mohan Akula', 'Venkat Ramana Putta'],
    rating: 'A',
    year: 2022,
    duration: '2hr 48min',
    tagline: 'The lion roars once.',
    description:
      'A retired wrestler from Guntur returns to the quarry town he left twenty years ago when a mining baron takes his brother. What follows is loud, long overdue and very personal.',
  },
  {
    title: 'Palleturi Cricket',
    language: 'Telugu',
    genre: ['Sports', 'Comedy'],
    cast: ['Naveen Chinthala', 'Farhana Begum', 'Madhav Sastry'],
    rating: 'U',
    year: 2021,
    duration: '2hr 5min',
    free: true,
    tagline: 'Eleven farmers. One borrowed bat.',
    description:
      'To save the village tank from being auctioned, a team of farmers who have never bowled overarm challenge the district champions to a match. The coach is a schoolteacher who has only read about cricket.',
  },
  {
    title: 'Antariksha 2099',
    language: 'Telugu',
    genre: ['Sci-Fi'],
    cast: ['Chaitanya Gorantla', 'Harika Yalamanchili', 'Srikanth Gudivada'],
    rating: 'U/A',
    year: 2025,
    duration: '2hr 32min',
    tagline: 'Beyond the last star.',
    description:
      'In 2099 the Sriharikota launch complex sends a crew of five to repair a failing sunshade in orbit. Halfway there, the ship starts receiving messages in their grandmothers\u2019 voices.',
  },
  {
    title: 'Bangaru Pichuka',
    language: 'Telugu',
    genre: ['Kids', 'Drama'],
    cast: ['Baby Sahasra Tummala', 'Master Vihaan Reddy', 'Raghu Vamsi Pothula'],
    rating: 'U',
    year: 2019,
    duration: '1hr 52min',
    free: true,
    tagline: 'A small bird. A big promise.',
    description:
      'Two children in a Nellore fishing village nurse a golden sparrow back to health and set out to return it to the forest their grandfather talks about, three days\u2019 walk away.',
  },
  {
    title: 'Ammavari Jatara',
    language: 'Telugu',
    genre: ['Devotional'],
    cast: ['Padmavathi Kolluri', 'Sravani Duggirala', 'Venkat Ramana Putta'],
    rating: 'U',
    year: 2018,
    duration: '2hr 20min',
    tagline: 'Faith walks barefoot.',
    description:
      'The story of the biennial village jatara told through the family that has carried the goddess\u2019s palanquin for seven generations, and the year the youngest son refuses.',
  },
  {
    title: 'Muhurtham Mix-up',
    language: 'Telugu',
    genre: ['Comedy', 'Romance'],
    cast: ['Keerthi Bandaru', 'Bhavana Nandyala', 'Srikanth Gudivada'],
    rating: 'U',
    year: 2020,
    duration: '2hr 11min',
    tagline: 'Three weddings. One hall.',
    description:
      'A wedding-hall manager double-books the most auspicious muhurtham of the year, three times over. Keeping three families, two priests and one elephant apart takes every trick he knows.',
  },
  // ---- Hindi ----
  {
    title: 'गंगा किनारे',
    latin: 'Ganga Kinare',
    language: 'Hindi',
    genre: ['Classic', 'Drama'],
    cast: ['Yashpal Dhillon', 'Shalini Awasthi', 'Harish Bajpai'],
    rating: 'U',
    year: 1986,
    duration: '2hr 38min',
    tagline: 'A river remembers.',
    description:
      'A boatman in Varanasi ferries the same schoolteacher across the Ganga every morning for thirty years. A restored classic about love that is never spoken and always understood.',
  },
  {
    title: 'Dilli Nights',
    language: 'Hindi',
    genre: ['Thriller', 'Trending'],
    cast: ['Tanvi Bakshi', 'Kunal Raizada', 'Devendra Pahwa'],
    rating: 'A',
    year: 2024,
    duration: '2hr 9min',
    tagline: 'The city never sleeps. Neither does she.',
    description:
      'A night-shift cab driver in Delhi becomes the only witness to a hit-and-run on the Barapullah flyover, and the only person who knows the passenger in her back seat was not who he said.',
  },
  {
    title: 'Operation Shaurya',
    language: 'Hindi',
    genre: ['Action', 'Featured'],
    cast: ['Ishaan Bhatnagar', 'Meher Qureshi', 'Gaurav Nigam'],
    rating: 'U/A',
    year: 2023,
    duration: '2hr 34min',
    tagline: 'Seventy-two hours. No second chances.',
    description:
      'When a relief convoy goes missing in a landslide on the Zojila pass, a team of army engineers has seventy-two hours to build a bridge, find the convoy and bring everyone home.',
  },
  {
    title: 'Chhota Jasoos',
    language: 'Hindi',
    genre: ['Kids', 'Comedy'],
    cast: ['Master Arnav Jain', 'Baby Myra Kohli', 'Rohit Khurana'],
    rating: 'U',
    year: 2021,
    duration: '1hr 48min',
    free: true,
    tagline: 'Small detective. Big case.',
    description:
      'Ten-year-old Chintu opens a detective agency in his housing society\u2019s stairwell. His first case, the missing laddoos of the Diwali committee, turns out to be much bigger than laddoos.',
  },
  {
    title: 'Haveli No. 13',
    language: 'Hindi',
    genre: ['Horror'],
    cast: ['Juhi Agnihotri', 'Farhan Mirza', 'Ritu Sharma Dev'],
    rating: 'A',
    year: 2022,
    duration: '2hr 2min',
    tagline: 'Nobody stays till morning.',
    description:
      'A heritage-hotel chain buys a crumbling haveli in Shekhawati. The architect sent to restore it finds that the thirteenth room appears on no plan, and that its door is always warm.',
  },
  {
    title: 'पहली बारिश',
    latin: 'Pehli Baarish',
    language: 'Hindi',
    genre: ['Romance'],
    cast: ['Kabir Saxena', 'Sanya Bhalla', 'Nandini Chaturvedi'],
    rating: 'U',
    year: 2019,
    duration: '2hr 12min',
    tagline: 'Some people arrive with the monsoon.',
    description:
      'A Mumbai weather forecaster who is always wrong and a chaiwala who is always right meet under the same bus stop every time it rains. This year the monsoon is late.',
  },
  {
    title: 'Kabaddi Queens',
    language: 'Hindi',
    genre: ['Sports', 'Drama'],
    cast: ['Ananya Tiwari', 'Radhika Sethi', 'Yashpal Dhillon'],
    rating: 'U',
    year: 2023,
    duration: '2hr 21min',
    tagline: 'Hold your breath.',
    description:
      'Seven girls from a Haryana village, a coach who was banned for life and one season to reach the nationals. Based on the spirit of many true stories.',
  },
  {
    title: 'Sitaron Se Aage',
    language: 'Hindi',
    genre: ['Sci-Fi', 'Featured'],
    cast: ['Nandini Chaturvedi', 'Ishaan Bhatnagar', 'Harish Bajpai'],
    rating: 'U/A',
    year: 2025,
    duration: '2hr 29min',
    tagline: 'Beyond the stars, another home.',
    description:
      'A telescope operator at the Hanle observatory in Ladakh decodes a signal that repeats a lullaby her mother used to sing. The agency that arrives the next morning already knows the tune.',
  },
  // ---- Tamil ----
  {
    title: 'மழைக் காலம்',
    latin: 'Mazhai Kaalam',
    language: 'Tamil',
    genre: ['Romance', 'Drama'],
    cast: ['Senthil Murugesan', 'Divya Ramanathan', 'Arul Prakasam'],
    rating: 'U',
    year: 2020,
    duration: '2hr 18min',
    tagline: 'Every monsoon brings someone home.',
    description:
      'Every year when the northeast monsoon reaches Kumbakonam, a letter arrives at the old post office addressed to a woman who left the town in 1998. This year she comes back to collect them.',
  },
  {
    title: 'வைகை வேட்டை',
    latin: 'Vaigai Vettai',
    language: 'Tamil',
    genre: ['Action', 'South Favourites'],
    cast: ['Gowtham Elangovan', 'Priyanka Natarajan', 'Mahesh Pandiyan'],
    rating: 'A',
    year: 2022,
    duration: '2hr 41min',
    tagline: 'The river keeps score.',
    description:
      'A sand-mining mafia is draining the Vaigai dry. A forest guard with a bad knee and a better memory decides that this time the river will not lose.',
  },
  {
    title: 'Chennai Central',
    language: 'Tamil',
    genre: ['Thriller'],
    cast: ['Dinesh Kumaravel', 'Janani Balasubramanian', 'Sathya Moorthy'],
    rating: 'U/A',
    year: 2021,
    duration: '2hr 7min',
    tagline: 'Platform 9. Train 12. One passenger too many.',
    description:
      'A railway police inspector on his last shift before retirement has six hours to find a bomb on one of the forty trains leaving Chennai Central before dawn.',
  },
  {
    title: 'Kolam',
    language: 'Tamil',
    genre: ['Classic', 'Drama'],
    cast: ['Vasanthi Subramaniam', 'Bala Murugan T.', 'Selvi Karuppiah'],
    rating: 'U',
    year: 1979,
    duration: '2hr 25min',
    tagline: 'Drawn every dawn. Gone by noon.',
    description:
      'A widow in a Thanjavur agraharam draws a new kolam at her doorstep every morning; each one is a message to the son who no longer writes. A restored black-and-white classic, now in colour.',
  },
  {
    title: 'Naan Oru Robot',
    language: 'Tamil',
    genre: ['Sci-Fi', 'Comedy', 'Trending'],
    cast: ['Dinesh Kumaravel', 'Indhu Vaidyanathan', 'Senthil Murugesan'],
    rating: 'U',
    year: 2024,
    duration: '2hr 3min',
    tagline: 'Artificially intelligent. Naturally confused.',
    description:
      'An engineer in Coimbatore builds a household robot to impress his future in-laws. The robot learns Tamil from daytime serials and decides the wedding needs more drama.',
  },
  {
    title: 'Murugan Arul',
    language: 'Tamil',
    genre: ['Devotional'],
    cast: ['Revathy Chockalingam', 'Master Karthi Velan', 'Arul Prakasam'],
    rating: 'U',
    year: 2016,
    duration: '2hr 15min',
    tagline: 'Six abodes. One journey.',
    description:
      'An old flower-seller sets out on foot to visit all six abodes of Lord Murugan before Thaipusam, with her grandson, a phone that will not hold a charge and a great deal of faith.',
  },
  {
    title: 'Bayam',
    language: 'Tamil',
    genre: ['Horror', 'Thriller'],
    cast: ['Gowtham Elangovan', 'Janani Balasubramanian', 'Selvi Karuppiah'],
    rating: 'A',
    year: 2023,
    duration: '1hr 58min',
    tagline: 'Fear has an address.',
    description:
      'A family moves into a bungalow in Ooty for the summer. The caretaker sets one extra plate at every meal and will not say for whom.',
  },
  {
    title: 'Marina Match',
    language: 'Tamil',
    genre: ['Sports', 'Featured'],
    cast: ['Mahesh Pandiyan', 'Priyanka Natarajan', 'Sathya Moorthy'],
    rating: 'U',
    year: 2022,
    duration: '2hr 16min',
    tagline: 'Sand, sea and a ball that never stops.',
    description:
      'A beach-volleyball team of fishermen\u2019s sons from Kasimedu trains on the Marina for the national championship, against the clock, the tide and a coach with something to prove.',
  },
  // ---- Malayalam ----
  {
    title: 'Kayal Kinavu',
    language: 'Malayalam',
    genre: ['Drama', 'Romance', 'Featured'],
    cast: ['Anoop Varghese', 'Neethu Sasidharan', 'Thomas Chacko'],
    rating: 'U',
    year: 2021,
    duration: '2hr 10min',
    tagline: 'A dream that floats.',
    description:
      'A houseboat cook on the Kuttanad backwaters and a tourist who came for three days and stayed for a season. A gentle film about food, water and staying.',
  },
  {
    title: 'Theyyam',
    language: 'Malayalam',
    genre: ['Devotional', 'Classic'],
    cast: ['Biju Kuttappan', 'Sreelakshmi Nambiar', 'Vishnu Raghavan'],
    rating: 'U',
    year: 1988,
    duration: '2hr 30min',
    tagline: 'For one night, a man becomes a god.',
    description:
      'In a North Malabar village, a Theyyam performer prepares for the one night a year when he becomes the deity, while his son prepares to leave for the Gulf. A restored classic.',
  },
  {
    title: 'Night Shift at Aluva',
    language: 'Malayalam',
    genre: ['Thriller'],
    cast: ['Jithin Kurian', 'Aparna Unnikrishnan', 'Fazil Rahman'],
    rating: 'U/A',
    year: 2024,
    duration: '2hr 4min',
    tagline: 'Every shift leaves a trace.',
    description:
      'A pharmacist on night duty at a 24-hour medical store in Aluva notices that the same prescription is being filled in three different names. The doctor who signed it died last year.',
  },
  {
    title: 'Onam Oonjal',
    language: 'Malayalam',
    genre: ['Kids', 'Comedy'],
    cast: ['Baby Devananda P.', 'Master Adish K.', 'Thomas Chacko'],
    rating: 'U',
    year: 2020,
    duration: '1hr 45min',
    free: true,
    tagline: 'Ten days. One swing. Many cousins.',
    description:
      'Eleven cousins, one ancestral home, one swing and ten days of Onam. A riot of a family comedy about sharing, which none of the cousins is good at.',
  },
  {
    title: 'Yakshi Vanam',
    language: 'Malayalam',
    genre: ['Horror'],
    cast: ['Athira Gopinath', 'Sandeep Panicker', 'Merin Joseph'],
    rating: 'A',
    year: 2022,
    duration: '1hr 56min',
    tagline: 'The forest is listening.',
    description:
      'Film students shooting a documentary in the forests of Wayanad record a woman singing in their audio tracks. Nobody heard her on the day.',
  },
  {
    title: 'Munnar Mist',
    language: 'Malayalam',
    genre: ['Romance'],
    cast: ['Aswin Mathew', 'Reshma Pillai', 'Biju Kuttappan'],
    rating: 'U',
    year: 2023,
    duration: '2hr 8min',
    tagline: 'Love, steeped slowly.',
    description:
      'A tea taster from a Munnar estate and the heir who wants to sell it spend one picking season arguing about flavour, family and what a hill is worth.',
  },
  {
    title: 'Boat Race Boys',
    language: 'Malayalam',
    genre: ['Sports', 'Comedy', 'South Favourites'],
    cast: ['Jithin Kurian', 'Vishnu Raghavan', 'Fazil Rahman'],
    rating: 'U',
    year: 2021,
    duration: '2hr 14min',
    tagline: 'Row together or sink together.',
    description:
      'A snake-boat club that has lost the Nehru Trophy race for thirty years recruits a team of software engineers back home for lockdown. What could go wrong? Everything, rhythmically.',
  },
  {
    title: 'Kochi Code',
    language: 'Malayalam',
    genre: ['Sci-Fi', 'Thriller', 'Trending'],
    cast: ['Sandeep Panicker', 'Merin Joseph', 'Anoop Varghese'],
    rating: 'U/A',
    year: 2025,
    duration: '2hr 22min',
    tagline: 'The city is the password.',
    description:
      'A hacker at an Infopark start-up discovers that the city\u2019s new traffic system is predicting accidents before they happen, and that someone is making sure the predictions come true.',
  },
  // ---- Bhojpuri ----
  {
    title: 'राजा बाबू के शादी',
    latin: 'Raja Babu Ke Shaadi',
    language: 'Bhojpuri',
    genre: ['Comedy', 'Romance', 'Trending'],
    cast: ['Ramesh Yadav', 'Pooja Kushwaha', 'Bablu Tiwari'],
    rating: 'U',
    year: 2022,
    duration: '2hr 28min',
    tagline: 'The groom is ready. The village is not.',
    description:
      'Raja Babu has found the girl, the date and the band. Now he only needs to convince his mother, her father and a village council that has opinions on all three.',
  },
  {
    title: 'Chhath Ke Geet',
    language: 'Bhojpuri',
    genre: ['Devotional', 'Drama'],
    cast: ['Kiran Devi', 'Chandan Singh', 'Baby Sneha Kumari'],
    rating: 'U',
    year: 2019,
    duration: '2hr 16min',
    tagline: 'Sung at the river, heard at home.',
    description:
      'A migrant worker stuck in Surat promises his daughter he will be home in time for Chhath. Four days, a thousand kilometres and a song she has been practising for him.',
  },
  {
    title: 'Akhara Ka Raja',
    language: 'Bhojpuri',
    genre: ['Action', 'Sports'],
    cast: ['Santosh Gupta', 'Anjali Mishra', 'Raju Pandey'],
    rating: 'U/A',
    year: 2021,
    duration: '2hr 35min',
    tagline: 'Strong enough to carry the village.',
    description:
      'The strongest man in Ballia has never lost a dangal, and never left his village. When the akhara is threatened, he has to do both.',
  },
  {
    title: 'Patna Ke Sher',
    language: 'Bhojpuri',
    genre: ['Action', 'Featured'],
    cast: ['Chandan Singh', 'Neha Srivastava', 'Ajay Paswan'],
    rating: 'A',
    year: 2023,
    duration: '2hr 39min',
    tagline: 'The city has a new guardian.',
    description:
      'An honest sub-inspector posted to Patna\u2019s toughest thana takes on a coal-smuggling ring with a scooter, a notebook and a remarkable ability to not be bribed.',
  },
  {
    title: 'Bhauji Hamar',
    language: 'Bhojpuri',
    genre: ['Drama', 'Classic'],
    cast: ['Sunita Rai', 'Ramesh Yadav', 'Kiran Devi'],
    rating: 'U',
    year: 1983,
    duration: '2hr 42min',
    tagline: 'She held the family together.',
    description:
      'When her husband leaves for Calcutta and never returns, a young bride runs the household, the fields and the family feud. A beloved Bhojpuri classic, restored.',
  },
  {
    title: 'Gaon Ka Bhoot',
    language: 'Bhojpuri',
    genre: ['Horror', 'Comedy'],
    cast: ['Bablu Tiwari', 'Rinki Chaurasia', 'Raju Pandey'],
    rating: 'U/A',
    year: 2020,
    duration: '2hr 6min',
    tagline: 'Even the ghost wants a vote.',
    description:
      'A ghost in the peepal tree of Sonpur refuses to leave until the panchayat election is held fairly. The candidates are terrified, for entirely different reasons.',
  },
  {
    title: 'Saiyan Superstar',
    language: 'Bhojpuri',
    genre: ['Romance', 'Comedy'],
    cast: ['Santosh Gupta', 'Pooja Kushwaha', 'Ajay Paswan'],
    rating: 'U',
    year: 2024,
    duration: '2hr 19min',
    tagline: 'Famous everywhere except at home.',
    description:
      'A wedding singer goes viral overnight and becomes a star across Bihar, but the only fan he wants, the girl next door, has not heard a single song.',
  },
  {
    title: 'Chandrayaan Chacha',
    language: 'Bhojpuri',
    genre: ['Sci-Fi', 'Kids'],
    cast: ['Master Aryan Sinha', 'Anand Mohan Jha', 'Baby Sneha Kumari'],
    rating: 'U',
    year: 2024,
    duration: '1hr 55min',
    free: true,
    tagline: 'Next stop: the moon. Via Ara.',
    description:
      'A retired bicycle mechanic and his grandson build a rocket out of scooter parts for the school science fair. The rocket, unfortunately, works.',
  },
  // ---- Kannada ----
  {
    title: 'Kaveri Teerada',
    language: 'Kannada',
    genre: ['Drama', 'Classic'],
    cast: ['Manjunath Kulkarni', 'Lakshmi Hegde', 'Shankar Nayak'],
    rating: 'U',
    year: 1982,
    duration: '2hr 33min',
    tagline: 'On the banks of the river, a life.',
    description:
      'A ferryman at Srirangapatna, his three sons and the river that gives and takes. A restored Kannada classic about what a family owes the land.',
  },
  {
    title: 'Bengaluru Bullet',
    language: 'Kannada',
    genre: ['Action', 'Thriller', 'Trending'],
    cast: ['Prashanth Bhat', 'Kavya Shetty', 'Vinay Kamath'],
    rating: 'A',
    year: 2024,
    duration: '2hr 27min',
    tagline: 'Faster than the traffic. Barely.',
    description:
      'A food-delivery rider who used to race motorbikes is forced to carry a package across Bengaluru in ninety minutes. At rush hour. With the whole city chasing him.',
  },
  {
    title: 'Mysuru Mallige',
    language: 'Kannada',
    genre: ['Romance', 'Featured'],
    cast: ['Raghavendra Hegde', 'Shwetha Gowda', 'Sowmya Rao'],
    rating: 'U',
    year: 2022,
    duration: '2hr 12min',
    tagline: 'Love has a fragrance.',
    description:
      'During Dasara in Mysuru, a jasmine seller and a palace guide meet every evening at the same gate as the palace lights up. Ten nights, one fragrance, one decision.',
  },
  {
    title: 'Yellow Board Taxi',
    language: 'Kannada',
    genre: ['Comedy'],
    cast: ['Shankar Nayak', 'Pavithra Acharya', 'Harsha Bellur'],
    rating: 'U',
    year: 2019,
    duration: '2hr 1min',
    free: true,
    tagline: 'Meter down. Drama up.',
    description:
      'An old taxi driver with strong views on every route in Bengaluru gets a passenger who wants to visit every place he ever took his late wife. In one day.',
  },
  {
    title: 'Bhootha Bangla',
    language: 'Kannada',
    genre: ['Horror'],
    cast: ['Vinay Kamath', 'Deepika Urs', 'Nagaraj Poojary'],
    rating: 'A',
    year: 2023,
    duration: '1hr 59min',
    tagline: 'Some guests never check out.',
    description:
      'A homestay owner in Chikkamagaluru rents out the family bungalow despite his grandmother\u2019s warnings. The guests love the place, and, it seems, never want to leave.',
  },
  {
    title: 'Kambala Kings',
    language: 'Kannada',
    genre: ['Sports', 'South Favourites'],
    cast: ['Harsha Bellur', 'Kavya Shetty', 'Nagaraj Poojary'],
    rating: 'U',
    year: 2023,
    duration: '2hr 23min',
    tagline: 'Mud, buffaloes and glory.',
    description:
      'A young buffalo-racer from Udupi takes on the undefeated champion of the Kambala circuit, with two stubborn buffaloes and a father who has forbidden him to race.',
  },
  {
    title: 'Putani Pilot',
    language: 'Kannada',
    genre: ['Kids'],
    cast: ['Master Hemanth S.', 'Baby Anvitha R.', 'Manjunath Kulkarni'],
    rating: 'U',
    year: 2021,
    duration: '1hr 43min',
    free: true,
    tagline: 'Dreams take off from anywhere.',
    description:
      'A nine-year-old from Hubballi writes a letter to the airport every week asking to fly a plane. One week, the airport writes back.',
  },
  {
    title: 'Dharmasthala Deepa',
    language: 'Kannada',
    genre: ['Devotional'],
    cast: ['Lakshmi Hegde', 'Raghavendra Hegde', 'Pavithra Acharya'],
    rating: 'U',
    year: 2017,
    duration: '2hr 14min',
    tagline: 'A lamp that never goes out.',
    description:
      'A pilgrim family walks to Dharmasthala for Lakshadeepotsava, each carrying a different prayer, and each discovering that the others have been praying for them.',
  },
  // ---- Bengali ----
  {
    title: 'Kolkata Noir',
    language: 'Bengali',
    genre: ['Thriller', 'Featured'],
    cast: ['Arindam Basu', 'Payel Dasgupta', 'Tapas Majumdar'],
    rating: 'A',
    year: 2024,
    duration: '2hr 13min',
    tagline: 'Every lane has a secret.',
    description:
      'A private detective in north Kolkata is hired to find a missing tram conductor and finds instead a forty-year-old case that half the para would rather forget.',
  },
  {
    title: 'Durga Pujor Chithi',
    language: 'Bengali',
    genre: ['Devotional', 'Drama'],
    cast: ['Subhendu Lahiri', 'Moumita Pal', 'Sourav Mitra'],
    rating: 'U',
    year: 2018,
    duration: '2hr 17min',
    tagline: 'A letter arrives every Puja.',
    description:
      'For five days of Durga Puja, an old idol-maker in Kumartuli reads the letters his late wife left him, one for each day. His grandchildren read along.',
  },
  {
    title: 'Hilsa Hunters',
    language: 'Bengali',
    genre: ['Comedy', 'Action'],
    cast: ['Sourav Mitra', 'Ishita Ghoshal', 'Debashis Haldar'],
    rating: 'U/A',
    year: 2022,
    duration: '2hr 7min',
    tagline: 'The biggest catch of the season.',
    description:
      'Two rival fishmongers from Gariahat chase the same prize-winning hilsa down the Hooghly, pursued by a gang that wants it for a wedding feast.',
  },
  {
    title: 'Sundarban Rahasya',
    language: 'Bengali',
    genre: ['Thriller', 'Kids'],
    cast: ['Master Rohan Dey', 'Kaushik Biswas', 'Baby Ishani Roy'],
    rating: 'U',
    year: 2020,
    duration: '1hr 58min',
    free: true,
    tagline: 'The tiger is not the only secret.',
    description:
      'On a school trip to the Sundarbans, three friends discover that the old lighthouse keeper is signalling boats at night, and that the tiger everyone fears may be protecting someone.',
  },
  {
    title: 'Shesh Tram',
    language: 'Bengali',
    genre: ['Classic', 'Romance'],
    cast: ['Subhendu Lahiri', 'Rupa Chakladar', 'Tapas Majumdar'],
    rating: 'U',
    year: 1975,
    duration: '2hr 24min',
    tagline: 'The last tram home.',
    description:
      'Every night a clerk and a nurse ride the last tram from Esplanade to Shyambazar without a word, until the night the tram breaks down. A restored classic.',
  },
  {
    title: 'Bhooter Bari',
    language: 'Bengali',
    genre: ['Horror', 'Comedy'],
    cast: ['Debashis Haldar', 'Riya Sanyal', 'Kaushik Biswas'],
    rating: 'U/A',
    year: 2021,
    duration: '2hr 2min',
    tagline: 'The ghosts are not moving out.',
    description:
      'A family inherits a zamindar\u2019s mansion in Bishnupur along with its four resident ghosts, who have strong opinions about the renovation.',
  },
  {
    title: 'Eden Gardens Dreams',
    language: 'Bengali',
    genre: ['Sports', 'Trending'],
    cast: ['Arindam Basu', 'Ananya Dutta', 'Sourav Mitra'],
    rating: 'U',
    year: 2023,
    duration: '2hr 20min',
    tagline: 'Sixty thousand voices. One bowler.',
    description:
      'A left-arm spinner who sells tea outside Eden Gardens gets one net session with the Bengal Ranji team. One over to change his life.',
  },
  {
    title: 'Mangal Abhijaan',
    language: 'Bengali',
    genre: ['Sci-Fi'],
    cast: ['Payel Dasgupta', 'Arindam Basu', 'Ishita Ghoshal'],
    rating: 'U/A',
    year: 2025,
    duration: '2hr 26min',
    tagline: 'Red planet. Bengali crew.',
    description:
      'The first crewed Indian mission to Mars includes a Bengali geologist who insists on bringing a cookbook. Eight months out, the cookbook is all that stands between the crew and despair.',
  },
  // ---- English ----
  {
    title: 'The Spice Route',
    language: 'English',
    genre: ['Drama', 'Featured'],
    cast: ['Leela Iyer', 'Adil Engineer', 'Farid Batliwala'],
    rating: 'U/A',
    year: 2022,
    duration: '2hr 15min',
    tagline: 'Every flavour has a history.',
    description:
      'A London chef of Malabar descent retraces her great-grandfather\u2019s pepper trade from Kozhikode to Kochi, and finds the recipe book he never meant anyone to read.',
  },
  {
    title: 'Monsoon Protocol',
    language: 'English',
    genre: ['Thriller', 'Action', 'Trending'],
    cast: ['Naina Bhatia', 'Rohan Kapadia', 'Vikram Sood'],
    rating: 'A',
    year: 2024,
    duration: '2hr 8min',
    tagline: 'When the rain comes, so do they.',
    description:
      'An intelligence analyst in Mumbai has one monsoon night, with the city flooded and the networks down, to stop an attack she predicted and nobody believed.',
  },
  {
    title: 'Chai & Chapters',
    language: 'English',
    genre: ['Romance', 'Comedy'],
    cast: ["Tara D'Souza", 'Neil Pereira', 'Maya Rao'],
    rating: 'U',
    year: 2021,
    duration: '1hr 59min',
    free: true,
    tagline: 'A love story, one cup at a time.',
    description:
      'A bookshop in Bengaluru that serves chai and a café next door that sells books declare war on each other. Their owners declare something else entirely.',
  },
  {
    title: 'Orbit of Ganga',
    language: 'English',
    genre: ['Sci-Fi', 'Drama'],
    cast: ['Anjali Nair', 'Sameer Wadia', 'Zara Mistry'],
    rating: 'U/A',
    year: 2023,
    duration: '2hr 31min',
    tagline: 'Home is the farthest place.',
    description:
      'Aboard India\u2019s first space station, a biologist growing rice in orbit receives word that her village on the Ganga is flooding, and that she cannot come home for six months.',
  },
  {
    title: 'Last Light at Hampi',
    language: 'English',
    genre: ['Horror', 'Thriller'],
    cast: ['Zara Mistry', 'Kabir Fernandes', 'Vikram Sood'],
    rating: 'A',
    year: 2022,
    duration: '1hr 54min',
    tagline: 'The ruins are not empty.',
    description:
      'A group of backpackers stay past sunset among the ruins of Hampi to photograph the stars. By midnight the boulders are not where they were.',
  },
  {
    title: 'Gully Gladiators',
    language: 'English',
    genre: ['Sports', 'Action'],
    cast: ['Kabir Fernandes', 'Naina Bhatia', 'Adil Engineer'],
    rating: 'U/A',
    year: 2024,
    duration: '2hr 17min',
    tagline: 'Street football. No referees.',
    description:
      'A street-football team from Dharavi is invited to an international tournament in Goa. They have six weeks, five players and no boots.',
  },
  {
    title: 'Tiger Trail',
    language: 'English',
    genre: ['Kids'],
    cast: ['Master Kabir Shah', 'Baby Zoya Khan', 'Farid Batliwala'],
    rating: 'U',
    year: 2020,
    duration: '1hr 40min',
    free: true,
    tagline: 'Follow the stripes.',
    description:
      'Two city kids on holiday at their grandfather\u2019s forest lodge in Kanha follow pugmarks into the reserve and find a tiger cub who has lost its way.',
  },
  {
    title: 'Echoes of Madras',
    language: 'English',
    genre: ['Classic', 'Drama'],
    cast: ['Sameer Wadia', 'Leela Iyer', 'Rohan Kapadia'],
    rating: 'U',
    year: 1981,
    duration: '2hr 20min',
    tagline: 'A city, a theatre company, a farewell.',
    description:
      'A travelling Shakespeare company gives its final season in Madras as the old theatres close. A restored classic about the stage, and the people who live on it.',
  },
];

/** @typedef {{ title: string, description: string, duration: string, releaseDate: string, cast?: string[] }} DemoEpisode */

/**
 * The shows: per category one series (saved with its episodes, D11) and standalone episodes. The
 * category pages (SPEC §2.11) list them all.
 */
export const SHOWS = {
  political: {
    series: {
      title: 'Janata Darbar',
      description:
        'Town-hall debates from eight states, where voters put the questions and the candidates do not get to leave early.',
      cast: ['Meera Iyer', 'Rahul Khandelwal'],
      language: 'Hindi',
      rating: 'U',
      tags: ['debate', 'elections', 'town hall'],
      genre: ['Drama'],
      episodes: [
        {
          title: 'Water for Marathwada',
          description: 'Farmers from Latur ask three candidates why the tankers still come every summer.',
          duration: '42min',
          releaseDate: '2024-01-14',
        },
        {
          title: 'Jobs in Jamshedpur',
          description: 'Steel-town graduates question the promises of every manifesto on the table.',
          duration: '45min',
          releaseDate: '2024-01-28',
        },
        {
          title: 'Roads of Kalahandi',
          description: 'A district that waited forty years for a highway asks who will maintain it.',
          duration: '41min',
          releaseDate: '2024-02-11',
        },
        {
          title: 'The Chennai Floods',
          description: 'Residents of Velachery ask why every monsoon is a surprise to the city.',
          duration: '44min',
          releaseDate: '2024-02-25',
        },
        {
          title: 'Women of Manipur',
          description: 'Mothers, teachers and traders ask for peace, and for specifics.',
          duration: '47min',
          releaseDate: '2024-03-10',
        },
        {
          title: 'Young Voters of Patna',
          description: 'First-time voters grill candidates on exams, jobs and internet shutdowns.',
          duration: '43min',
          releaseDate: '2024-03-24',
        },
        {
          title: 'Coastal Karnataka',
          description: 'Fishermen ask what the new port means for their catch and their children.',
          duration: '40min',
          releaseDate: '2024-04-07',
        },
      ],
    },
    standalone: [
      {
        title: 'Ward Sabha',
        description:
          'Citizens of a Pune ward question their councillor about the new drain, line by line of the budget.',
        duration: '24min',
        releaseDate: '2023-11-05',
        cast: ['Meera Iyer'],
      },
      {
        title: 'Budget Decoded',
        description:
          'What the Union Budget means for a tea-stall owner, a nurse and a software engineer, in plain words.',
        duration: '28min',
        releaseDate: '2024-02-02',
        cast: ['Anand Rangarajan'],
      },
      {
        title: 'Voter Diaries',
        description:
          'Three first-time voters film their own journey from registration to the ink on their finger.',
        duration: '26min',
        releaseDate: '2024-04-19',
        cast: ['Sana Qureshi', 'Dev Malhotra'],
      },
      {
        title: 'Panchayat Pulse',
        description: 'Inside a gram sabha in Rajasthan, where a woman sarpanch takes on the water mafia.',
        duration: '31min',
        releaseDate: '2023-09-17',
        cast: ['Kavita Choudhary'],
      },
    ],
  },
  health: {
    series: {
      title: 'Arogya Katha',
      description:
        'Stories of health from village clinics, told by the doctors, nurses and ASHA workers who run them.',
      cast: ['Dr. Anjali Rao', 'Dr. Vikram Sethi'],
      language: 'Kannada',
      rating: 'U',
      tags: ['health', 'rural', 'documentary'],
      genre: ['Drama'],
      episodes: [
        {
          title: 'The ASHA Worker',
          description: 'A day with an ASHA worker who walks eighteen kilometres to check on six newborns.',
          duration: '22min',
          releaseDate: '2023-08-15',
        },
        {
          title: 'Clean Water, Fewer Fevers',
          description: 'How one village cut typhoid cases by half with a filter and a habit.',
          duration: '24min',
          releaseDate: '2023-08-29',
        },
        {
          title: 'Sugar and the City',
          description: 'Why diabetes is rising in small towns, and what a Tumakuru clinic does about it.',
          duration: '25min',
          releaseDate: '2023-09-12',
        },
        {
          title: 'Eyes for Everyone',
          description: 'A travelling eye camp performs four hundred cataract surgeries in a week.',
          duration: '23min',
          releaseDate: '2023-09-26',
        },
        {
          title: 'The Snakebite Doctor',
          description:
            'A rural physician who has saved more than two thousand snakebite patients explains how.',
          duration: '26min',
          releaseDate: '2023-10-10',
        },
        {
          title: 'Mothers First',
          description:
            'Inside a primary health centre that has not lost a mother in childbirth in five years.',
          duration: '24min',
          releaseDate: '2023-10-24',
        },
        {
          title: 'TB Can Be Beaten',
          description: 'Patients and health workers on finishing the six-month course, and why it matters.',
          duration: '25min',
          releaseDate: '2023-11-07',
        },
      ],
    },
    standalone: [
      {
        title: 'Monsoon Fevers',
        description:
          'Dengue, malaria or just a cold? A doctor explains the signs that mean you should see someone today.',
        duration: '18min',
        releaseDate: '2024-06-20',
        cast: ['Dr. Farhan Qadri'],
      },
      {
        title: 'Millets on the Plate',
        description:
          'Nutritionists and grandmothers on bringing ragi, jowar and bajra back to the daily meal.',
        duration: '21min',
        releaseDate: '2024-03-08',
        cast: ['Dr. Lakshmi Narayan'],
      },
      {
        title: 'Yoga at Work',
        description: 'Ten minutes at the desk that help backs, necks and minds, guided step by step.',
        duration: '15min',
        releaseDate: '2024-06-21',
        cast: ['Radhika Sen'],
      },
      {
        title: 'Mind Matters',
        description: 'Young people from four cities talk openly about anxiety, and where they found help.',
        duration: '27min',
        releaseDate: '2024-10-10',
        cast: ['Dr. Sameer Joshi', 'Ira Kapoor'],
      },
    ],
  },
  education: {
    series: {
      title: 'Vidya Vahini',
      description:
        'Teachers who changed their schools, and the children who changed with them, across five states.',
      cast: ['Prof. Sunita Menon'],
      language: 'Telugu',
      rating: 'U',
      tags: ['education', 'teachers', 'schools'],
      genre: ['Kids', 'Drama'],
      episodes: [
        {
          title: 'The Library on a Bicycle',
          description: 'A teacher in Anantapur who pedals two hundred books to four villages every week.',
          duration: '20min',
          releaseDate: '2023-06-12',
        },
        {
          title: 'Maths Under a Tree',
          description: 'How a single-teacher school in Koraput gets every child through class ten maths.',
          duration: '22min',
          releaseDate: '2023-06-26',
        },
        {
          title: 'Girls Who Code',
          description: 'A government school in Warangal where girls build apps for their own village.',
          duration: '24min',
          releaseDate: '2023-07-10',
        },
        {
          title: 'The Science Van',
          description: 'A van full of experiments visits schools that have never had a laboratory.',
          duration: '21min',
          releaseDate: '2023-07-24',
        },
        {
          title: 'Mother-Tongue First',
          description: 'Why a tribal school teaches in Gondi before Telugu and English, and what changed.',
          duration: '23min',
          releaseDate: '2023-08-07',
        },
        {
          title: 'Back to School',
          description:
            'Children who left school to work during the pandemic, and the teachers who brought them back.',
          duration: '25min',
          releaseDate: '2023-08-21',
        },
        {
          title: 'The Exam Room',
          description: 'A week with students, parents and teachers before the SSC board examinations.',
          duration: '26min',
          releaseDate: '2023-09-04',
        },
      ],
    },
    standalone: [
      {
        title: 'Science in the Village',
        description:
          'Everyday science from the farm: why curd sets, how a hand pump works, what makes a rainbow.',
        duration: '19min',
        releaseDate: '2024-02-28',
        cast: ['Dr. Arvind Kulkarni'],
      },
      {
        title: 'Coding for Kids',
        description: 'A first lesson in programming with nothing but paper, pebbles and a set of rules.',
        duration: '22min',
        releaseDate: '2024-05-15',
        cast: ['Nandini Krishnan'],
      },
      {
        title: 'Exam Without Fear',
        description: 'Toppers, teachers and a counsellor on preparing without panic.',
        duration: '20min',
        releaseDate: '2024-01-20',
        cast: ['Prof. Sunita Menon', 'Aarav Shah'],
      },
      {
        title: 'The Story of Zero',
        description:
          'From Brahmagupta to your calculator: how India gave the world nothing, and why it matters.',
        duration: '17min',
        releaseDate: '2023-12-22',
        cast: ['Dr. Harish Venkatesh'],
      },
    ],
  },
};

/** Where demo episodes play, per category (the same public test stream). */
export const SHOW_STREAM = DEMO_STREAM;
