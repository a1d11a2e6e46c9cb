/**
 * Temple festivals shown as events. `start` is days after the seed's `today` (negative =
 * already begun), `days` the length. Some bodies are longer than 790 characters on purpose.
 */
export type EventData = { temple: string; header: string; start: number; days: number; body: string };

export const EVENTS: readonly EventData[] = [
  {
    temple: "guruvayur",
    header: "Guruvayur Ekadasi and Vilakku Festival",
    start: -2,
    days: 6,
    body:
      "The Ekadasi of the month of Vrischikam is the most important day of the year at Guruvayur. For " +
      "the month leading up to it, families and organisations of the town sponsor the vilakku, the " +
      "lighting of thousands of brass lamps around the temple walls, and each evening the elephant " +
      "procession carries the golden thidambu of the Lord around the outer courtyard to the sound of " +
      "panchavadyam. On the Ekadasi day itself the temple stays open from the early hours of the " +
      "morning to late at night, and the Chembai Sangeetholsavam, a music festival held in honour of " +
      "the great Carnatic singer who sang here for decades, continues day and night with hundreds of " +
      "musicians offering their music to the Lord. Devotees observe the fast on Ekadasi and break it " +
      "the next morning with the Dwadasi panam offering. Pilgrims are advised to arrive early, carry " +
      "only what they need, and follow the queue arrangements of the Devaswom. Udayasthamana Pooja and " +
      "Krishnanattam slots for the festival days are fully booked, but archana, pushpanjali and " +
      "palpayasam can still be booked on Sannidhi for the festival dates.",
  },
  {
    temple: "vadakkunnathan",
    header: "Thrissur Pooram",
    start: 9,
    days: 2,
    body:
      "Thrissur Pooram, held on the grounds around the Vadakkunnathan temple, is the grandest of " +
      "Kerala's temple festivals. Ten temples of the town send their deities on caparisoned elephants " +
      "to pay homage to Lord Vadakkunnathan. The rival groups of Paramekkavu and Thiruvambady face each " +
      "other across the Thekkinkadu maidan in the Kudamattam, a brilliant exchange of silk parasols " +
      "held up on the backs of some thirty elephants. The Ilanjithara Melam, a performance of chenda " +
      "and kuzhal by more than two hundred artists under the ilanji tree, is counted among the great " +
      "experiences of percussion music anywhere. The festival closes with a fireworks display in the " +
      "early hours and the farewell of the deities, the Pakal Pooram, on the following afternoon. " +
      "Devotees who cannot travel to Thrissur can book an archana or a neyvilakku at the Vadakkunnathan " +
      "temple for the Pooram day; prasad is posted after the festival. Please note that the temple " +
      "closes to general darshan during parts of the festival for the rituals and processions.",
  },
  {
    temple: "meenakshi",
    header: "Chithirai Thiruvizha: Meenakshi Thirukalyanam",
    start: 21,
    days: 12,
    body:
      "The Chithirai festival at Madurai celebrates the coronation of Goddess Meenakshi and her " +
      "celestial wedding with Lord Sundareswarar. Over twelve days the deities go out in procession " +
      "each morning and night on vahanas of gold and silver: the bhootha, the kamadhenu, the rishabha " +
      "and the horse. The coronation, the Pattabhishekam, is followed by the Dig Vijayam, in which the " +
      "Goddess conquers the eight directions, and then by the Thirukalyanam, the wedding, performed in " +
      "the decorated Thirukalyana mandapam before thousands of devotees. Married women change their " +
      "thali cords on that day. The next morning the great temple car, the Ther, is drawn through the " +
      "four Masi streets. The festival joins with the Azhagar festival, in which Lord Kallazhagar comes " +
      "down from Alagar Koil to enter the Vaigai river. Devotees can book the Thirukalyanam " +
      "Kalyanotsavam archana in their names on Sannidhi; the temple sends the kumkum and a thread of " +
      "the wedding thali as prasad. The festival streets are very crowded: elderly devotees and " +
      "children should stay with their group.",
  },
  {
    temple: "arunachaleswarar",
    header: "Karthigai Deepam at Tiruvannamalai",
    start: 34,
    days: 10,
    body:
      "On the full-moon day of Karthigai, the great lamp, the Maha Deepam, is lit at dusk on the summit " +
      "of the Arunachala hill and burns for eleven days, visible for miles around. At the same moment " +
      "the Bharani Deepam lit in the temple at dawn is carried out to the flagstaff. Lakhs of devotees " +
      "walk the fourteen-kilometre girivalam path around the hill on the night of the full moon. Ghee " +
      "for the Maha Deepam can be offered through the temple.",
  },
  {
    temple: "sabarimala",
    header: "Makaravilakku at Sabarimala",
    start: 48,
    days: 3,
    body:
      "The Makaravilakku festival closes the pilgrimage season at Sabarimala. The Thiruvabharanam, the " +
      "sacred ornaments of Lord Ayyappa, are brought in procession from the Pandalam palace and adorned " +
      "on the deity at dusk, when the Makarajyothi is seen on the Ponnambalamedu hill. Pilgrims must " +
      "book a virtual queue slot before travelling.",
  },
  {
    temple: "attukal",
    header: "Attukal Pongala",
    start: 62,
    days: 10,
    body:
      "The Attukal Pongala festival is celebrated over ten days, and on the ninth day women from all " +
      "over Kerala prepare pongala, a sweet offering of rice, jaggery and coconut, in earthen pots on " +
      "the streets of Thiruvananthapuram. The hearths stretch for kilometres around the temple, and the " +
      "lighting of the main hearth in front of the shrine is signalled to the whole city. Devotees " +
      "abroad can book a pongala offering performed on their behalf by the temple.",
  },
  {
    temple: "puri",
    header: "Rath Yatra at Puri",
    start: 77,
    days: 9,
    body:
      "Every year Lord Jagannath, his brother Balabhadra and his sister Subhadra leave the temple at " +
      "Puri on three great wooden chariots, newly built each year, and travel along the Bada Danda to " +
      "the Gundicha temple. Devotees by the lakh pull the chariots with thick ropes, and the Gajapati " +
      "king of Puri sweeps the chariot floors with a golden broom in the ritual of Chhera Pahanra. " +
      "After nine days the deities return in the Bahuda Yatra. Mahaprasad Seva can be booked for the " +
      "festival days; the temple kitchen, one of the largest in the world, cooks the offerings in " +
      "earthen pots over wood fires, and the dry prasad is posted after the festival ends. " +
      "Chariot-pulling is open to all, but the crowds are very large: please follow the instructions of " +
      "the police and the temple volunteers.",
  },
  {
    temple: "kashivishwanath",
    header: "Maha Shivaratri at Kashi Vishwanath",
    start: 95,
    days: 2,
    body:
      "On Maha Shivaratri the Kashi Vishwanath temple stays open through the night for the four prahars " +
      "of worship. Devotees line the lanes from the ghats to offer water, milk and bilva leaves, and " +
      "the evening aarti is performed in the new corridor. Rudrabhishekam for the night prahars can be " +
      "booked in advance.",
  },
  {
    temple: "siddhivinayak",
    header: "Ganesh Chaturthi at Siddhivinayak",
    start: 118,
    days: 10,
    body:
      "The ten days of Ganeshotsav are the busiest of the year at the Siddhivinayak temple in " +
      "Prabhadevi. Special abhishekam and aarti are performed each day, and the temple is decorated " +
      "with flowers and lights. Darshan queues are long on the first and last days, so online bookings " +
      "are recommended.",
  },
  {
    temple: "chamundeshwari",
    header: "Mysuru Dasara Navaratri",
    start: 140,
    days: 10,
    body:
      "The Navaratri festival on Chamundi Hills opens the world-famous Mysuru Dasara. The Goddess is " +
      "decorated in a different alankara each day, and on Vijayadashami her golden idol is carried on " +
      "an elephant in the Jamboo Savari procession from the palace through the city.",
  },
  {
    temple: "tirumala",
    header: "Srivari Brahmotsavam at Tirumala",
    start: 155,
    days: 9,
    body:
      "During the nine days of the Brahmotsavam, Lord Malayappa Swamy, the processional form of Lord " +
      "Venkateswara, is taken around the four Mada streets twice a day on a different vahana: the " +
      "serpent Sesha, the swan, the lion, the pearl canopy, the wish-fulfilling tree, Garuda and the " +
      "great chariot. Garuda Seva on the fifth night draws the largest crowd. Arjitha sevas are " +
      "suspended during the festival.",
  },
  {
    temple: "tiruchendur",
    header: "Skanda Shashti Soorasamharam at Tiruchendur",
    start: 171,
    days: 6,
    body:
      "The six-day Skanda Shashti festival at Tiruchendur ends with the Soorasamharam on the seashore, " +
      "the enactment of Lord Murugan's victory over the demon Soorapadman. Devotees fast through the " +
      "six days, and the Thirukalyanam follows the next day.",
  },
  {
    temple: "srirangam",
    header: "Vaikunta Ekadasi at Srirangam",
    start: 190,
    days: 21,
    body:
      "The twenty-one-day Adhyayana Utsavam at Srirangam culminates on Vaikunta Ekadasi, when the " +
      "Paramapada Vasal, the gate to heaven, is opened before dawn and Lord Namperumal passes through " +
      "it in procession. The gate stays open for the following ten days.",
  },
  {
    temple: "kamakhya",
    header: "Ambubachi Mela at Kamakhya",
    start: -40,
    days: 4,
    body:
      "The Ambubachi Mela marks the annual menstruation of the Goddess at Kamakhya. The temple stays " +
      "closed for three days and reopens on the fourth with the distribution of the sacred red cloth to " +
      "pilgrims.",
  },
  {
    temple: "bankebihari",
    header: "Janmashtami at Vrindavan",
    start: 230,
    days: 2,
    body:
      "At midnight on Janmashtami the Banke Bihari temple performs the abhishekam of the Lord with " +
      "milk, curd and honey, and the mangala aarti, held only once a year at this temple, follows in " +
      "the early morning. The lanes of Vrindavan are decorated for days before the festival.",
  },
];
