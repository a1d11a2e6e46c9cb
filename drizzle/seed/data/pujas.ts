/**
 * Master pujas. `min`/`max` bound the rate in rupees; `for` lists deity slugs ("*" = any
 * temple); `regions` limits a puja to the regions where it is customary; `request` marks
 * offerings that temples usually confirm first (booking_mode 'request'); `post` marks
 * pujas whose prasad can be sent by post; `days` are the usual weekday patterns.
 */
import type { Region } from "./states.ts";

export type PujaData = {
  name: string;
  description: string;
  min: number;
  max: number;
  for: readonly string[];
  regions?: readonly Region[];
  request?: boolean;
  post?: boolean;
  days?: readonly string[];
};

const ANY = ["*"];
const SHIVA = ["shiva", "nataraja", "dakshinamurthy", "bhairava"];
const VISHNU = ["vishnu", "krishna", "padmanabha", "ranganatha", "venkateswara", "narasimha", "rama", "jagannath", "vitthal", "dhanvantari"];
const DEVI = ["devi", "bhagavathy", "durga", "kali", "bhadrakali", "meenakshi", "kamakshi", "parvati", "chamundeshwari", "mariamman", "lakshmi", "saraswati", "annapurna", "kamakhya", "mookambika", "vaishno-devi"];
const SOUTH: readonly Region[] = ["kerala", "tamil", "karnataka", "telugu"];
const NORTH: readonly Region[] = ["north", "west", "east"];

export const PUJAS: readonly PujaData[] = [
  { name: "Archana", description: "Chanting of the deity's names with flowers offered at each name, in the devotee's name and star.", min: 10, max: 100, for: ANY, post: true },
  { name: "Ashtothara Archana", description: "Archana with the 108 names of the deity.", min: 20, max: 150, for: ANY, post: true },
  { name: "Sahasranama Archana", description: "Archana with the thousand names of the deity, usually performed in the morning.", min: 50, max: 500, for: ANY, post: true },
  { name: "Lalitha Sahasranama Archana", description: "The thousand names of the Divine Mother chanted with kumkum and flowers.", min: 50, max: 500, for: DEVI, post: true },
  { name: "Vishnu Sahasranama Archana", description: "The thousand names of Lord Vishnu chanted with tulasi leaves.", min: 50, max: 500, for: VISHNU, post: true },
  { name: "Abhishekam", description: "Ritual bathing of the idol with sacred water, milk and other offerings.", min: 100, max: 2000, for: ANY, post: true },
  { name: "Panchamrutha Abhishekam", description: "Abhishekam with the five nectars: milk, curd, ghee, honey and sugar.", min: 250, max: 2500, for: ANY, post: true },
  { name: "Ksheerabhishekam", description: "Abhishekam with cow's milk.", min: 100, max: 1000, for: [...SHIVA, "murugan", "ayyappa", "ganesha"] },
  { name: "Rudrabhishekam", description: "Abhishekam of the Shivalinga accompanied by the chanting of Sri Rudram.", min: 500, max: 5100, for: SHIVA, post: true, days: ["0123456", "1"] },
  { name: "Kalabhabhishekam", description: "Abhishekam with kalabham, a paste of sandal, camphor and saffron, filled in a golden pot.", min: 5000, max: 25000, for: [...SHIVA, "krishna", "ayyappa", "padmanabha"], regions: ["kerala"], request: true },
  { name: "Neyyabhishekam", description: "Abhishekam with ghee brought by pilgrims in the irumudi.", min: 100, max: 500, for: ["ayyappa"] },
  { name: "Pushpanjali", description: "Offering of flowers with mantras, one of the simplest and most popular vazhipadus.", min: 20, max: 100, for: ANY, regions: ["kerala", "karnataka"], post: true },
  { name: "Pushpabhishekam", description: "Showering the deity with flowers of many kinds.", min: 500, max: 3000, for: ANY, regions: SOUTH },
  { name: "Ganapathi Homam", description: "Fire ritual to Lord Ganesha to remove obstacles, performed at dawn.", min: 250, max: 2500, for: ANY, regions: SOUTH, post: true },
  { name: "Maha Ganapathi Homam", description: "An elaborate Ganapathi Homam with 1,008 modakas, done on special days.", min: 1500, max: 10000, for: ["ganesha", "shiva"], request: true },
  { name: "Mrityunjaya Homam", description: "Homam to Lord Shiva as Mrityunjaya for health and long life.", min: 1500, max: 10000, for: SHIVA, post: true },
  { name: "Navagraha Homam", description: "Homam to the nine planetary deities to ease unfavourable planetary periods.", min: 2500, max: 15000, for: ["navagraha", "shiva", "surya", "shani"] },
  { name: "Sudarshana Homam", description: "Homam to the Sudarshana Chakra of Lord Vishnu for protection.", min: 2500, max: 15000, for: ["vishnu", "narasimha", "venkateswara", "ranganatha", "krishna"] },
  { name: "Chandi Homam", description: "Homam with the seven hundred verses of the Devi Mahatmyam.", min: 5000, max: 25000, for: DEVI, request: true },
  { name: "Ayushya Homam", description: "Homam for long life, often done on a child's birthday star.", min: 1500, max: 5000, for: ANY, regions: SOUTH },
  { name: "Bhagavathy Seva", description: "Evening worship of the Goddess with a lit lamp, a drawn padmam and offerings.", min: 300, max: 1500, for: ["bhagavathy", "devi", "bhadrakali", "durga"], regions: ["kerala"], post: true },
  { name: "Neyvilakku", description: "Lighting a lamp with ghee before the deity.", min: 10, max: 100, for: ANY, regions: ["kerala", "tamil", "karnataka"] },
  { name: "Vilakku", description: "Lighting a lamp with oil in the devotee's name.", min: 10, max: 50, for: ANY, regions: SOUTH },
  { name: "Chuttuvilakku", description: "Lighting all the lamps around the temple walls at dusk.", min: 1000, max: 10000, for: ANY, regions: ["kerala"], request: true },
  { name: "Udayasthamana Pooja", description: "Worship from sunrise to sunset with eighteen poojas, sponsored by one devotee for the whole day.", min: 10000, max: 25000, for: ANY, regions: ["kerala"], request: true },
  { name: "Thulabharam", description: "Offering of a substance equal to the devotee's weight, such as bananas, sugar or jaggery.", min: 1000, max: 10000, for: ["krishna", "vishnu", "bhagavathy", "ayyappa", "murugan", "venkateswara"], regions: SOUTH, request: true },
  { name: "Annadanam", description: "Sponsoring the free meal served to devotees at the temple.", min: 1000, max: 25000, for: ANY, request: true },
  { name: "Payasam Nivedyam", description: "Sweet rice pudding offered to the deity and given back as prasad.", min: 50, max: 500, for: ANY, regions: SOUTH, post: true },
  { name: "Palpayasam", description: "Milk payasam cooked in the temple kitchen, famous at Ambalappuzha and Guruvayur.", min: 100, max: 500, for: ["krishna", "vishnu"], regions: ["kerala"], post: true },
  { name: "Appam Nivedyam", description: "Sweet appams of rice, jaggery and banana offered to Lord Ganesha.", min: 50, max: 300, for: ["ganesha", "bhagavathy", "shiva"], regions: ["kerala"], post: true },
  { name: "Aravana Nivedyam", description: "Aravana payasam of rice, ghee and jaggery, the prasad of Lord Ayyappa.", min: 80, max: 200, for: ["ayyappa"], post: true },
  { name: "Trimadhuram", description: "Offering of banana, honey and jaggery.", min: 30, max: 100, for: ["ganesha", "murugan", "ayyappa"], regions: ["kerala"] },
  { name: "Satyanarayana Puja", description: "The Satyanarayana vratha with the reading of its katha, for family wellbeing.", min: 500, max: 2500, for: ["vishnu", "venkateswara", "krishna", "lakshmi", "*"], post: true },
  { name: "Lakshmi Puja", description: "Worship of Goddess Lakshmi for prosperity, usually on Fridays.", min: 300, max: 2100, for: ["lakshmi", "vishnu", "devi"], days: ["0123456", "5"] },
  { name: "Navagraha Puja", description: "Worship of the nine planetary deities.", min: 300, max: 1500, for: ["navagraha", "shiva", "*"] },
  { name: "Shani Shanti Puja", description: "Puja on Saturdays to ease the influence of Shani.", min: 300, max: 2100, for: ["shani", "hanuman", "navagraha", "balaji"], days: ["6", "0123456"] },
  { name: "Rahu Ketu Puja", description: "Puja for relief from Rahu and Ketu doshas and sarpa dosha.", min: 500, max: 2500, for: ["navagraha", "nagaraja", "shiva"] },
  { name: "Sarpa Samskara", description: "Rites for the serpent deities performed over two days.", min: 3000, max: 10000, for: ["nagaraja", "murugan"], request: true },
  { name: "Noorum Palum", description: "Offering of rice flour, turmeric and milk to the serpent deities.", min: 100, max: 500, for: ["nagaraja"], regions: ["kerala"] },
  { name: "Kumkumarchana", description: "Archana with kumkum for the Goddess, for marital happiness.", min: 50, max: 300, for: DEVI, post: true },
  { name: "Akhand Jyoti", description: "A lamp kept burning continuously for nine days in the devotee's name.", min: 500, max: 2100, for: ANY, regions: NORTH },
  { name: "Laghu Rudra", description: "Eleven recitations of Sri Rudram with abhishekam, by eleven priests.", min: 5000, max: 15000, for: SHIVA, request: true },
  { name: "Bilva Archana", description: "Archana with bilva leaves, dear to Lord Shiva.", min: 50, max: 250, for: SHIVA, days: ["0123456", "1"] },
  { name: "Pradosha Puja", description: "Evening worship on the thirteenth lunar day, with abhishekam to Nandi.", min: 200, max: 1000, for: SHIVA },
  { name: "Tulasi Archana", description: "Archana with tulasi leaves for Lord Vishnu and his avatars.", min: 50, max: 250, for: VISHNU, post: true },
  { name: "Vada Mala", description: "A garland of vadas offered to Lord Hanuman.", min: 100, max: 1100, for: ["hanuman", "balaji"], regions: SOUTH, days: ["0123456", "6"] },
  { name: "Hanuman Chalisa Path", description: "Recitation of the Hanuman Chalisa by the temple priests.", min: 100, max: 500, for: ["hanuman", "balaji", "rama"], regions: NORTH, days: ["0123456", "26"] },
  { name: "Sindoor Chola", description: "Covering the idol of Lord Hanuman with sindoor and ghee.", min: 500, max: 2100, for: ["hanuman", "balaji"], regions: NORTH, days: ["2", "26"] },
  { name: "Kavadi Seva", description: "Offering of the kavadi carried by the devotee in fulfilment of a vow.", min: 300, max: 1500, for: ["murugan"], regions: ["tamil", "kerala"] },
  { name: "Skanda Shashti Archana", description: "Archana on the sixth lunar day, sacred to Lord Murugan.", min: 100, max: 500, for: ["murugan"], post: true },
  { name: "Vel Puja", description: "Worship of the Vel, the divine spear of Lord Murugan.", min: 200, max: 1000, for: ["murugan"] },
  { name: "Kalyanotsavam", description: "The celestial wedding of the deity and consort, performed on the devotee's behalf.", min: 1000, max: 5000, for: ["venkateswara", "vishnu", "ranganatha", "murugan", "meenakshi", "shiva", "rama", "narasimha"], regions: SOUTH, post: true },
  { name: "Suprabhata Seva", description: "The early morning awakening of the deity with the Suprabhatam hymn.", min: 100, max: 500, for: ["venkateswara", "vishnu", "balaji"], regions: ["telugu", "tamil", "karnataka"] },
  { name: "Thirumanjanam", description: "Sacred bath of the utsava murti with herbal waters and sandal.", min: 1000, max: 3000, for: [...VISHNU, "nataraja"], regions: ["tamil", "telugu"] },
  { name: "Durga Saptashati Path", description: "Recitation of the seven hundred verses of the Devi Mahatmyam.", min: 1100, max: 5100, for: ["durga", "devi", "kali", "vaishno-devi", "chamundeshwari"], regions: NORTH },
  { name: "Kali Puja", description: "Night worship of Goddess Kali with lamps and hibiscus flowers.", min: 500, max: 2100, for: ["kali", "bhadrakali", "kamakhya"] },
  { name: "Saraswati Puja", description: "Worship of Goddess Saraswati for learning; students' books are placed before her.", min: 200, max: 1001, for: ["saraswati", "mookambika", "dakshinamurthy", "devi"] },
  { name: "Aksharabhyasam", description: "Initiation of a child into letters before the Goddess of learning.", min: 500, max: 2500, for: ["saraswati", "mookambika"] },
  { name: "Navaratri Puja", description: "Nine nights of worship of the Goddess in her nine forms.", min: 500, max: 2500, for: DEVI },
  { name: "Deeparadhana", description: "Waving of lamps before the deity at the end of a puja.", min: 50, max: 300, for: ANY, regions: SOUTH },
  { name: "Maha Aarti", description: "The grand evening aarti with lamps, bells and conches.", min: 200, max: 1100, for: ANY, regions: NORTH },
  { name: "Bhog Offering", description: "Food offering cooked in the temple kitchen and shared as prasad.", min: 200, max: 2100, for: ANY, regions: NORTH, post: true },
  { name: "Mahaprasad Seva", description: "Sponsoring the Mahaprasad cooked in earthen pots in the temple kitchen.", min: 500, max: 2500, for: ["jagannath"], post: true },
  { name: "Chandana Alankaram", description: "Decorating the deity with sandalwood paste.", min: 500, max: 3000, for: ANY, regions: SOUTH },
  { name: "Thrikala Pooja", description: "Worship at the three times of the day, morning, noon and evening.", min: 500, max: 2000, for: ANY, regions: ["kerala"] },
  { name: "Mangalya Puja", description: "Puja for a happy married life, offered by couples and brides-to-be.", min: 300, max: 1500, for: [...DEVI, "shiva"] },
  { name: "Santhana Gopala Puja", description: "Prayer to Lord Krishna as Santhana Gopala for the blessing of children.", min: 1000, max: 5000, for: ["krishna", "vishnu"] },
  { name: "Padi Pooja", description: "Worship of the eighteen holy steps with lamps and flowers.", min: 10000, max: 25000, for: ["ayyappa"], request: true },
  { name: "Rudra Path", description: "Chanting of the Rudrashtadhyayi by Vedic priests.", min: 1100, max: 5100, for: SHIVA, regions: NORTH },
];
