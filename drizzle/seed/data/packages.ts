/**
 * Multi-temple puja packages. `temples` are landmark keys (up to six; package_items takes
 * one puja at each), `prefer` the pujas to pick where the temple offers them.
 */
export type PackageData = {
  name: string;
  short: string;
  description: string;
  temples: readonly string[];
  prefer: readonly string[];
  active: boolean;
};

export const PACKAGES: readonly PackageData[] = [
  {
    name: "Pancha Bhoota Sthalam Darshan",
    active: true,
    short: "Pujas at the five Shiva temples of the elements: earth, water, fire, air and space.",
    description:
      "The Pancha Bhoota Sthalams are the five great Shiva temples of the south, each enshrining Lord " +
      "Shiva as one of the five elements: earth at Kanchipuram, water at Thiruvanaikoil, fire at " +
      "Tiruvannamalai, air at Srikalahasti and space at Chidambaram. This package books an abhishekam " +
      "or archana at each temple in your name and star on the dates you choose. Prasad from every " +
      "temple is posted to you in one parcel after the last puja.",
    temples: ["ekambareswarar", "thiruvanaikoil", "arunachaleswarar", "srikalahasti", "chidambaram"],
    prefer: ["Rudrabhishekam", "Abhishekam", "Bilva Archana", "Archana"],
  },
  {
    name: "Char Dham Puja Package",
    active: true,
    short: "Offerings at Yamunotri, Gangotri, Kedarnath and Badrinath in the Himalayas.",
    description:
      "The Char Dham of Uttarakhand, Yamunotri, Gangotri, Kedarnath and Badrinath, are visited by lakhs " +
      "of pilgrims between late spring and the first snows. For devotees who cannot make the climb, " +
      "this package books a puja at each of the four shrines during the season when they are open. " +
      "Pujas booked outside the season are performed at the winter seats of the deities.",
    temples: ["yamunotri", "gangotri", "kedarnath", "badrinath"],
    prefer: ["Rudrabhishekam", "Maha Aarti", "Bhog Offering", "Abhishekam"],
  },
  {
    name: "Navagraha Temples Circuit",
    active: true,
    short: "The planetary temples around Kumbakonam and Thirunallar, one puja at each.",
    description:
      "Around Kumbakonam lie the temples of the Navagrahas, the nine planetary deities, each a Shiva " +
      "temple in which one graha has a shrine of special importance. This package covers Suryanar Kovil " +
      "(Surya), Thingalur (Chandran), Kanjanur (Sukran), Thirunageswaram (Rahu) and Thirunallar " +
      "(Saneeswaran). A Navagraha puja or archana is performed at each in the devotee's name and star.",
    temples: ["suryanar", "thingalur", "kanjanur", "thirunageswaram", "thirunallar"],
    prefer: ["Navagraha Puja", "Navagraha Homam", "Shani Shanti Puja", "Rahu Ketu Puja", "Archana"],
  },
  {
    name: "Ashtavinayak Yatra Puja",
    active: true,
    short: "Pujas at six of the eight Ashtavinayak Ganesha temples of Maharashtra.",
    description:
      "The Ashtavinayak are eight ancient temples of Lord Ganesha around Pune and Raigad, each with a " +
      "swayambhu idol. This package books an abhishekam or archana at Morgaon, Siddhatek, Pali, Mahad, " +
      "Theur and Lenyadri, following the traditional order of the yatra. The shrines at Ozar and " +
      "Ranjangaon can be added from their own temple pages.",
    temples: ["morgaon", "siddhatek", "pali", "mahad", "theur", "lenyadri"],
    prefer: ["Abhishekam", "Archana", "Maha Aarti", "Bhog Offering"],
  },
  {
    name: "Jyotirlinga Darshan Puja",
    active: true,
    short: "Rudrabhishekam at six of the twelve Jyotirlingas, from Somnath to Deoghar.",
    description:
      "The twelve Jyotirlingas are the holiest shrines of Lord Shiva. This package books a " +
      "Rudrabhishekam or abhishekam at Somnath, Mahakaleshwar, Omkareshwar, Kashi Vishwanath, " +
      "Trimbakeshwar and Baidyanath Dham. Each temple performs the puja on the date you choose; Mondays " +
      "and Pradosham days are popular and fill early.",
    temples: ["somnath", "mahakaleshwar", "omkareshwar", "kashivishwanath", "trimbakeshwar", "baidyanath"],
    prefer: ["Rudrabhishekam", "Rudra Path", "Abhishekam", "Bilva Archana"],
  },
  {
    name: "Arupadai Veedu Murugan Puja",
    active: true,
    short: "Archana at the abodes of Lord Murugan: Thiruparankundram, Tiruchendur, Palani and more.",
    description:
      "The Arupadai Veedu are the six battle camps of Lord Murugan sung in the Tirumurugatruppadai. " +
      "This package books an archana or abhishekam at Thiruparankundram, Tiruchendur, Palani, " +
      "Swamimalai and Pazhamudircholai. Panchamirtham from Palani is included with the prasad parcel.",
    temples: ["thiruparankundram", "tiruchendur", "palani", "swamimalai", "pazhamudircholai"],
    prefer: ["Skanda Shashti Archana", "Abhishekam", "Vel Puja", "Archana"],
  },
  {
    name: "Nalambalam Yatra",
    active: true,
    short: "The four temples of Rama and his brothers in Thrissur and Ernakulam, in one day.",
    description:
      "During the month of Karkidakam, devotees in Kerala visit the four temples of Sree Rama and his " +
      "brothers on a single day: Thriprayar (Rama), Koodalmanikyam (Bharata), Thirumoozhikkulam " +
      "(Lakshmana) and Payammal (Shatrughna). This package books a pushpanjali or archana at each " +
      "temple so that the yatra can be completed in spirit from anywhere.",
    temples: ["thriprayar", "koodalmanikyam", "thirumoozhikkulam", "payammal"],
    prefer: ["Pushpanjali", "Archana", "Neyvilakku"],
  },
  {
    name: "Shakti Peetha Yatra",
    active: true,
    short: "Offerings to the Goddess at Kamakhya, Kalighat, Jwalamukhi and other Shakti Peethas.",
    description:
      "The Shakti Peethas mark the places where, in the puranic story, parts of Sati's body fell to " +
      "earth. This package books a puja to the Goddess at Kamakhya, Kalighat, Jwalamukhi, Naina Devi, " +
      "Chintpurni and Ambaji. Navaratri dates are the most popular, so book at least two weeks ahead " +
      "for them.",
    temples: ["kamakhya", "kalighat", "jwalamukhi", "nainadevi", "chintpurni", "ambaji"],
    prefer: ["Durga Saptashati Path", "Kali Puja", "Bhog Offering", "Archana"],
  },
  {
    name: "Sabarimala Mandala Offerings",
    active: true,
    short: "Neyyabhishekam at Sabarimala with offerings at Pandalam and Aranmula.",
    description:
      "The Mandala season at Sabarimala runs for forty-one days, followed by the Makaravilakku " +
      "festival. This package books a Neyyabhishekam or Aravana at Sabarimala along with offerings at " +
      "the Pandalam palace temple, from where the sacred ornaments are carried to the hill, and at " +
      "Aranmula, from where the golden attire of the deity sets out.",
    temples: ["sabarimala", "pandalam", "aranmula"],
    prefer: ["Neyyabhishekam", "Aravana Nivedyam", "Pushpanjali", "Archana"],
  },
  {
    name: "Sri Krishna Kshetra Puja",
    active: true,
    short: "Krishna temples from Guruvayur and Udupi to Dwarka, Vrindavan and Puri.",
    description:
      "Lord Krishna is worshipped as a child at Guruvayur and Udupi, as the king of Dwarka, as the " +
      "beloved of Vrindavan and as Jagannath at Puri. This package books an offering at six of his " +
      "best-loved temples: Guruvayur, Ambalappuzha, Udupi, Dwarka, Vrindavan and Puri. Palpayasam from " +
      "Ambalappuzha is sent by post where the temple allows.",
    temples: ["guruvayur", "ambalappuzha", "udupi", "dwarkadhish", "bankebihari", "puri"],
    prefer: ["Palpayasam", "Tulasi Archana", "Bhog Offering", "Mahaprasad Seva", "Archana"],
  },
  {
    name: "Divya Desam Perumal Circuit",
    active: true,
    short: "Archana at Srirangam, Kanchipuram, Triplicane, Alagar Koil and Tirumala.",
    description:
      "The 108 Divya Desams are the temples of Lord Vishnu praised in the hymns of the Alvars. This " +
      "package books a Vishnu Sahasranama Archana or Thirumanjanam at five of the most visited: " +
      "Srirangam, Varadharaja Perumal at Kanchipuram, Parthasarathy at Triplicane, Kallazhagar at " +
      "Alagar Koil and Tirumala.",
    temples: ["srirangam", "varadharaja", "parthasarathy", "alagar", "tirumala"],
    prefer: ["Vishnu Sahasranama Archana", "Thirumanjanam", "Tulasi Archana", "Archana"],
  },
  {
    name: "Kashi Ayodhya Prayag Yatra",
    active: true,
    short: "Pujas at Kashi Vishwanath, Annapurna, Sankat Mochan, Ayodhya and Prayagraj.",
    description:
      "A pilgrimage along the Ganga plain: Kashi Vishwanath and Annapurna Devi in Varanasi, Sankat " +
      "Mochan Hanuman on the banks of the Assi, the Ram Janmabhoomi and Hanumangarhi temples in Ayodhya " +
      "and the reclining Hanuman at the Sangam in Prayagraj. One puja is booked at each temple on the " +
      "dates you choose.",
    temples: ["kashivishwanath", "annapurnakashi", "sankatmochan", "ramjanmabhoomi", "hanumangarhi", "badehanuman"],
    prefer: ["Rudrabhishekam", "Hanuman Chalisa Path", "Bhog Offering", "Maha Aarti"],
  },
  {
    name: "Karnataka Devi Temples Navaratri Puja",
    active: false,
    short: "Navaratri offerings at Chamundi Hills, Kollur, Kateel, Sringeri and Horanadu.",
    description:
      "During Navaratri the Goddess is worshipped as Chamundeshwari in Mysuru, Mookambika at Kollur, " +
      "Durgaparameshwari at Kateel, Sharadamba at Sringeri and Annapoorneshwari at Horanadu. This " +
      "seasonal package is shown only in the weeks before Navaratri.",
    temples: ["chamundeshwari", "kollur", "kateel", "sringeri", "horanadu"],
    prefer: ["Navaratri Puja", "Kumkumarchana", "Saraswati Puja", "Archana"],
  },
];
