/** Hand-written descriptions for the best-known landmark temples (others are composed). */
export const LANDMARK_DESCRIPTIONS: Record<string, string> = {
  guruvayur:
    "Guruvayur is one of the most important Krishna temples in India, often called the Dwarka of the " +
    "South. The deity, Guruvayurappan, is a four-armed form of Vishnu worshipped as the child " +
    "Krishna, holding the conch, the discus, the mace and a lotus. The temple is famous for its " +
    "offerings of palpayasam, thulabharam and the Udayasthamana Pooja, and for the Krishnanattam " +
    "dance-drama staged on most nights. Thousands of weddings and rice-feeding ceremonies for infants " +
    "take place before the eastern nada every year.",
  padmanabhaswamy:
    "The Sree Padmanabhaswamy temple in the East Fort of Thiruvananthapuram enshrines Lord Vishnu " +
    "reclining on the serpent Anantha, seen through three doors: the face, the navel with Brahma on a " +
    "lotus, and the feet. The temple blends Kerala and Dravidian styles, with a seven-tiered gopuram " +
    "overlooking the Padma Theertham tank. Strict dress rules apply to all visitors.",
  sabarimala:
    "The hill shrine of Lord Ayyappa at Sabarimala, in the forests of the Periyar Tiger Reserve, is " +
    "visited by millions of pilgrims during the Mandala and Makaravilakku season. Pilgrims observe a " +
    "forty-one-day vow, carry the irumudi on their heads and climb the eighteen holy steps to the " +
    "sanctum. Neyyabhishekam with ghee brought by the pilgrims is the principal offering, and aravana " +
    "payasam the prasad.",
  attukal:
    "Attukal Bhagavathy temple in Thiruvananthapuram is known for the Attukal Pongala, when lakhs of " +
    "women prepare the pongala offering for the Goddess in earthen pots on the streets around the " +
    "temple. The Goddess is worshipped as Kannaki, the heroine of the Tamil epic Silappatikaram.",
  meenakshi:
    "The Meenakshi Sundareswarar temple stands at the centre of Madurai, with fourteen gopurams " +
    "rising over the city, the tallest of them on the southern side. Goddess Meenakshi, the fish-eyed " +
    "daughter of the Pandya king, is the presiding deity, worshipped with her consort Sundareswarar. " +
    "The temple's Hall of a Thousand Pillars, the Golden Lotus tank and the nightly procession taking " +
    "Sundareswarar to the Goddess's chamber are among its best-known features. The Chithirai " +
    "festival, celebrating the divine wedding, draws lakhs of devotees every year.",
  tirumala:
    "The temple of Lord Venkateswara on the seventh peak of the Tirumala hills is among the most " +
    "visited places of worship in the world. Devotees offer their hair as a vow, and the laddu prasad " +
    "is known across the country. Arjitha sevas such as the Suprabhatam, Thomala Seva and " +
    "Kalyanotsavam are booked well in advance.",
  kedarnath:
    "Kedarnath, at the head of the Mandakini valley in the Garhwal Himalayas, is one of the twelve " +
    "Jyotirlingas and one of the Char Dham. The stone temple opens in late spring and closes after " +
    "Diwali, when the deity is taken to the winter seat at Ukhimath.",
  kashivishwanath:
    "The Kashi Vishwanath temple in Varanasi is one of the twelve Jyotirlingas and among the holiest " +
    "shrines of Lord Shiva. Its gold-plated spire rises above the lanes leading to the Ganga, and the " +
    "Kashi Vishwanath corridor now links the temple directly to the ghats.",
  puri:
    "The Jagannath temple at Puri, one of the Char Dham, enshrines Lord Jagannath with his brother " +
    "Balabhadra and sister Subhadra in wooden forms that are renewed in the Nabakalebara ritual. The " +
    "temple kitchen cooks the Mahaprasad in earthen pots, and the annual Rath Yatra draws devotees " +
    "from all over the world.",
  siddhivinayak:
    "The Siddhivinayak temple in Prabhadevi, Mumbai, enshrines a black-stone idol of Lord Ganesha " +
    "with his trunk turned to the right. Tuesdays and Sankashti Chaturthi draw long queues of " +
    "devotees from across the city.",
  somnath:
    "Somnath, on the seashore at Prabhas Patan in Saurashtra, is honoured as the first of the twelve " +
    "Jyotirlingas. The present temple, built in the Chalukya style, was completed in 1951 after " +
    "centuries of destruction and rebuilding.",
  kamakhya:
    "The Kamakhya temple on the Nilachal hill above Guwahati is one of the most revered Shakti " +
    "Peethas. There is no image of the Goddess in the sanctum; she is worshipped in the form of a " +
    "natural rock fissure kept moist by an underground spring.",
};
