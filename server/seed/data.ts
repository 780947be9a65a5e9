/**
 * The demo catalogue's words: suppliers from the four countries of the marketplace, each
 * writing in their own language (Türkiye: Turkish, Nigeria: English, Senegal and Côte
 * d'Ivoire: French), and buyers who review in theirs. Category names are those of 0002.
 */

export const DEMO_PASSWORD = 'demo-market-2025';
export const DEMO_SUPPLIER_EMAIL = 'supplier@demo.market';
export const DEMO_BUYER_EMAIL = 'buyer@demo.market';

/** [name, description, category, min price USD, max price USD, minimum order, stock, variants] */
export type BaseProduct = [string, string, string, number, number, number, number, string[]];

export interface DemoSupplier {
  email: string; first_name: string; last_name: string; phone: string; country: 'TR' | 'NG' | 'SN' | 'CI';
  company: string; about: string; badge: boolean; products: BaseProduct[];
}

export interface DemoBuyer { email: string; first_name: string; last_name: string; phone: string; country: 'TR' | 'NG' | 'SN' | 'CI'; language: 'en' | 'fr' | 'tr' }

const FOOD = 'Agriculture & Food';
const TEXTILES = 'Textiles & Apparel';
const ELECTRONICS = 'Electronics';
const HOME = 'Home & Garden';
const BEAUTY = 'Beauty & Personal Care';
const BUILDING = 'Construction & Building Materials';
const MACHINERY = 'Machinery & Industrial Equipment';
const PACKAGING = 'Packaging & Printing';
const AUTO = 'Automotive & Transport';
const HEALTH = 'Health & Medical';
const FURNITURE = 'Furniture';
const CRAFTS = 'Handicrafts & Art';

export const SUPPLIERS: DemoSupplier[] = [
  {
    email: DEMO_SUPPLIER_EMAIL, first_name: 'Adebayo', last_name: 'Ogunleye', phone: '+2348031234567', country: 'NG',
    company: 'Lagos Agro Foods Ltd', badge: true,
    about: 'Processor and exporter of Nigerian staples since 2009: cassava, grains, spices and oils, packed in Ikeja.',
    products: [
      ['Premium Garri (Ijebu)', 'Crisp, sour Ijebu garri, double-sieved and sun-dried. Packed in food-grade woven bags.', FOOD, 0.9, 1.4, 50, 4000, ['5 kg', '25 kg', '50 kg']],
      ['Parboiled Ofada Rice', 'Locally grown Ofada rice, destoned and parboiled for a rich aroma. Ideal for restaurants and caterers.', FOOD, 1.6, 2.3, 40, 2500, ['5 kg', '10 kg', '50 kg']],
      ['Red Palm Oil', 'Unrefined red palm oil from Edo State smallholders, filtered twice, rich in carotene.', FOOD, 2.1, 2.9, 20, 1200, ['5 litre', '25 litre']],
      ['Ground Egusi Seeds', 'Hand-shelled melon seeds, cleaned and finely ground for soups. Vacuum packed.', FOOD, 3.5, 4.8, 30, 900, ['1 kg', '5 kg']],
      ['Dried Hibiscus Flowers (Zobo)', 'Deep red hibiscus calyces from Kano, sorted and dried, for zobo drinks and teas.', FOOD, 2.8, 3.9, 25, 1500, ['1 kg', '10 kg', '25 kg']],
      ['Cameroon Pepper, Ground', 'Smoked dried pepper, ground to a fine powder. Very hot; packed in resealable pouches.', FOOD, 5.2, 7.1, 10, 600, ['500 g', '1 kg']],
      ['Plantain Chips', 'Crunchy ripe and unripe plantain chips fried in vegetable oil, lightly salted.', FOOD, 0.45, 0.7, 200, 10000, ['75 g bag', 'carton of 48']],
      ['Shea Butter, Unrefined', 'Grade A shea butter from Niger State cooperatives, hand-processed and filtered.', BEAUTY, 3.8, 6.5, 20, 2000, ['1 kg', '5 kg', '20 kg']],
      ['Woven Polypropylene Sacks', 'Laminated woven sacks for grain and garri, printable, UV-stabilised.', PACKAGING, 0.12, 0.25, 1000, 50000, ['25 kg size', '50 kg size']],
    ],
  },
  {
    email: 'info@abujabuild.demo.market', first_name: 'Ngozi', last_name: 'Eze', phone: '+2348059876543', country: 'NG',
    company: 'Abuja Build & Power Supplies', badge: false,
    about: 'Building materials, solar equipment and generators for contractors across the Federal Capital Territory.',
    products: [
      ['Monocrystalline Solar Panel', 'Tier-1 cells, anodised aluminium frame, 25-year output warranty. MC4 connectors.', ELECTRONICS, 58, 96, 4, 300, ['200 W', '350 W', '450 W']],
      ['Pure Sine Wave Inverter', 'Low-frequency inverter with built-in charger and automatic transfer switch.', ELECTRONICS, 180, 420, 1, 120, ['1.5 kVA', '3.5 kVA', '5 kVA']],
      ['Deep Cycle Gel Battery', 'Maintenance-free 12 V gel battery for solar and backup systems.', ELECTRONICS, 140, 260, 2, 200, ['100 Ah', '200 Ah']],
      ['Portland Cement, Grade 42.5', 'High-strength Portland limestone cement for structural concrete. Delivered by the truckload.', BUILDING, 7.5, 9, 100, 20000, ['50 kg bag']],
      ['Galvanised Roofing Sheets', 'Long-span aluminium-zinc roofing, 0.45 mm, cut to length on order.', BUILDING, 6, 11, 50, 8000, ['Step tile', 'Long span']],
      ['Petrol Generator', 'Key-start generator with copper alternator, AVR and low-oil shutdown.', MACHINERY, 320, 780, 1, 80, ['3.5 kVA', '7.5 kVA']],
      ['Solar Street Light', 'All-in-one solar street light with motion sensor and lithium battery, IP65.', ELECTRONICS, 65, 140, 4, 250, ['60 W', '120 W']],
      ['Porcelain Floor Tiles', 'Polished porcelain tiles, anti-slip surface, for homes and offices.', BUILDING, 9, 14, 20, 3000, ['60 x 60 cm', '80 x 80 cm']],
    ],
  },
  {
    email: 'satis@anadolutekstil.demo.market', first_name: 'Ayşe', last_name: 'Kaya', phone: '+905321234567', country: 'TR',
    company: 'Anadolu Tekstil A.Ş.', badge: true,
    about: 'Denizli merkezli havlu, nevresim ve pamuklu kumaş üreticisi. 30 yıldır ihracat yapıyoruz.',
    products: [
      ['Pamuklu Havlu Seti', '%100 Türk pamuğundan, yüksek emicilikli, yumuşak dokulu havlu seti. Otel ve ev kullanımı için.', TEXTILES, 8.5, 14, 20, 2000, ['Beyaz', 'Gri', 'Lacivert']],
      ['Peştemal', 'Geleneksel el tezgâhında dokunmuş, hafif ve hızlı kuruyan hamam peştemalı.', TEXTILES, 4.2, 6.5, 50, 5000, ['Kırmızı çizgili', 'Mavi çizgili', 'Yeşil']],
      ['Ranforce Nevresim Takımı', 'Sık dokulu ranforce kumaş, reaktif baskı, solmaz renkler. Çift kişilik.', HOME, 18, 27, 10, 800, ['Çiçek desenli', 'Düz beyaz', 'Kareli']],
      ['Organik Pamuk Tişört', 'GOTS sertifikalı organik pamuk, 180 g/m², baskıya uygun.', TEXTILES, 3.2, 4.6, 100, 12000, ['S-XL Beyaz', 'S-XL Siyah']],
      ['Kırmızı Kilim Yastık Kılıfı', 'El dokuması kilimden dikilmiş yastık kılıfı, fermuarlı.', CRAFTS, 9, 15, 10, 400, ['40 x 40 cm', '50 x 50 cm']],
      ['Bornoz', 'Şal yaka, cepli, pamuklu kadife bornoz. Otel tedariği için idealdir.', TEXTILES, 12, 19, 20, 1500, ['Beyaz', 'Antrasit']],
      ['Jakarlı Masa Örtüsü', 'Leke tutmaz jakarlı kumaştan, yıkanabilir masa örtüsü.', HOME, 7, 12, 20, 900, ['160 x 220 cm', '160 x 300 cm']],
      ['Muslin Bebek Battaniyesi', 'Dört kat müslin, nefes alan yumuşak kumaş, bebek cildine uygun.', TEXTILES, 6.8, 9.9, 30, 2500, ['Pudra', 'Mint', 'Bej']],
    ],
  },
  {
    email: 'ihracat@egegida.demo.market', first_name: 'Mehmet', last_name: 'Öztürk', phone: '+905441234567', country: 'TR',
    company: 'Ege Zeytin ve Gıda', badge: false,
    about: 'İzmir’de zeytinyağı, kuru meyve ve baharat paketleyen aile şirketi. Helal ve ISO 22000 belgeli.',
    products: [
      ['Natürel Sızma Zeytinyağı', 'Soğuk sıkım, asitliği %0,5’in altında, Ayvalık zeytininden sızma zeytinyağı.', FOOD, 6.5, 9.8, 24, 6000, ['500 ml', '1 litre', '5 litre teneke']],
      ['Türk Kahvesi', 'Taze kavrulmuş, ince öğütülmüş geleneksel Türk kahvesi. Vakumlu ambalaj.', FOOD, 3.9, 6.2, 48, 8000, ['100 g', '250 g', '1 kg']],
      ['Kuru Kayısı', 'Malatya’nın güneşte kurutulmuş, kükürtsüz gün kurusu kayısısı.', FOOD, 7.5, 11, 20, 3000, ['1 kg', '5 kg koli']],
      ['Kırmızı Pul Biber', 'Maraş biberinden, yağlı ve az acı pul biber. Taş değirmende çekilmiştir.', FOOD, 4.8, 7.2, 25, 2200, ['250 g', '1 kg']],
      ['Çekirdeksiz Kuru Üzüm', 'Manisa sultaniye üzümü, yıkanmış ve ayıklanmış, ihracat kalitesi.', FOOD, 2.9, 4.1, 50, 7000, ['1 kg', '12,5 kg koli']],
      ['Lokum Çeşitleri', 'Gül, limon ve fıstıklı lokum; hediyelik kutularda, geleneksel tarifle.', FOOD, 5.5, 8.9, 36, 2500, ['250 g kutu', '500 g kutu', '1 kg kutu']],
      ['Çiçek Balı', 'Ege yaylalarından süzme çiçek balı, katkısız ve laboratuvar analizli.', FOOD, 8, 13, 12, 1500, ['450 g kavanoz', '850 g kavanoz', '5 kg teneke']],
      ['Yeşil Zeytin', 'Kırma yeşil zeytin, limon ve kekikle hafif salamura.', FOOD, 3.1, 4.4, 40, 3500, ['1 kg kavanoz', '5 kg kova']],
    ],
  },
  {
    email: 'contact@dakarartisanat.demo.market', first_name: 'Fatou', last_name: 'Ndiaye', phone: '+221771234567', country: 'SN',
    company: 'Dakar Artisanat', badge: true,
    about: 'Coopérative d’artisans de la Médina : vannerie, tissage et sculpture, fabriqués à la main au Sénégal.',
    products: [
      ['Panier tressé en paille', 'Panier tressé à la main en herbe de savane et plastique recyclé, couleurs vives.', CRAFTS, 9, 18, 10, 600, ['Petit', 'Moyen', 'Grand']],
      ['Tissu wax 100 % coton', 'Wax imprimé des deux côtés, couleurs résistantes au lavage, vendu par pièce de 6 yards.', TEXTILES, 14, 22, 10, 1500, ['Motif géométrique', 'Motif floral', 'Motif kente']],
      ['Boubou brodé homme', 'Grand boubou en bazin riche, broderie main au col et à la poitrine.', TEXTILES, 45, 90, 3, 150, ['Blanc', 'Bleu indigo', 'Bordeaux']],
      ['Masque sculpté en bois', 'Masque décoratif sculpté en bois de vène, finition cirée, pièce unique.', CRAFTS, 25, 60, 2, 80, ['30 cm', '50 cm']],
      ['Djembé artisanal', 'Djembé en bois de caïlcédrat, peau de chèvre, cordage tressé. Son profond.', CRAFTS, 55, 120, 1, 60, ['Enfant', 'Adulte']],
      ['Sac en cuir tressé', 'Sac à main en cuir tanné végétal, tressé à la main à Ngaye Mékhé.', CRAFTS, 28, 45, 5, 200, ['Naturel', 'Noir']],
      ['Statuette en bronze', 'Statuette coulée à la cire perdue par les fondeurs de Dakar, patine naturelle.', CRAFTS, 30, 75, 2, 90, ['15 cm', '25 cm']],
      ['Set de table en raphia', 'Lot de six sets de table tissés en raphia, motifs traditionnels.', HOME, 12, 19, 10, 400, ['Rond', 'Rectangulaire']],
    ],
  },
  {
    email: 'ventes@senegalbeaute.demo.market', first_name: 'Aminata', last_name: 'Sow', phone: '+221781234567', country: 'SN',
    company: 'Sénégal Beauté Naturelle', badge: false,
    about: 'Cosmétiques naturels à base de karité, de baobab et de moringa, formulés et conditionnés à Thiès.',
    products: [
      ['Beurre de karité brut', 'Karité non raffiné pressé à froid, qualité A, idéal pour la peau et les cheveux.', BEAUTY, 4.5, 7.5, 20, 3000, ['250 g', '1 kg', '5 kg']],
      ['Huile de baobab', 'Huile vierge de graines de baobab, pressée à froid, riche en oméga.', BEAUTY, 6, 11, 12, 1200, ['50 ml', '100 ml', '1 litre']],
      ['Savon noir au karité', 'Savon noir traditionnel enrichi au karité, saponifié à froid.', BEAUTY, 1.8, 2.9, 50, 5000, ['Pain de 200 g', 'Lot de 12']],
      ['Poudre de moringa', 'Feuilles de moringa séchées à l’ombre et moulues finement, complément alimentaire.', HEALTH, 5.5, 8.5, 20, 1800, ['250 g', '1 kg']],
      ['Gel d’aloe vera', 'Gel pur d’aloe vera cultivé au Sénégal, apaisant après le soleil.', BEAUTY, 3.2, 5.5, 24, 2000, ['150 ml', '500 ml']],
      ['Bissap séché bio', 'Fleurs d’hibiscus séchées bio pour infusions et jus de bissap.', FOOD, 3.8, 5.9, 20, 2500, ['500 g', '1 kg']],
      ['Encens thiouraye', 'Thiouraye traditionnel parfumé de Dakar, mélange de résines et d’essences.', HOME, 2.5, 4.5, 20, 1500, ['Sachet 100 g', 'Pot 250 g']],
      ['Masque à l’argile rouge', 'Argile rouge du Sine-Saloum, purifiante, pour masques visage et cheveux.', BEAUTY, 2.6, 4.4, 30, 1500, ['200 g', '1 kg']],
    ],
  },
  {
    email: 'commercial@abidjancacao.demo.market', first_name: 'Yao', last_name: 'Kouadio', phone: '+2250701234567', country: 'CI',
    company: 'Abidjan Cacao & Café', badge: true,
    about: 'Torréfacteur et négociant de cacao et de café robusta à San-Pédro et Abidjan, en direct des planteurs.',
    products: [
      ['Fèves de cacao fermentées', 'Fèves de grade I, bien fermentées et séchées au soleil, traçabilité coopérative.', FOOD, 3.2, 4.1, 100, 40000, ['Sac de 64 kg', 'Tonne']],
      ['Café robusta torréfié', 'Robusta de Côte d’Ivoire torréfié à Abidjan, notes de cacao et d’épices.', FOOD, 6.5, 11, 20, 4000, ['250 g moulu', '1 kg grains', '5 kg grains']],
      ['Poudre de cacao non sucrée', 'Cacao 100 % pur, dégraissé à 10-12 %, pour pâtisserie et boissons.', FOOD, 5.8, 9.2, 24, 3000, ['500 g', '1 kg', '25 kg']],
      ['Chocolat noir 70 %', 'Tablettes de chocolat noir fabriquées en Côte d’Ivoire avec du cacao local.', FOOD, 1.9, 3.2, 48, 6000, ['Tablette 100 g', 'Boîte de 24']],
      ['Attiéké séché', 'Semoule de manioc fermentée et séchée, se prépare en quelques minutes.', FOOD, 1.6, 2.6, 50, 8000, ['1 kg', '5 kg']],
      ['Noix de cajou décortiquées', 'Amandes de cajou blanches W320, calibrées et emballées sous vide.', FOOD, 7.5, 10.5, 20, 5000, ['1 kg', 'Carton de 22,68 kg']],
      ['Beurre de cacao pur', 'Beurre de cacao naturel désodorisé, pour chocolaterie et cosmétique.', FOOD, 9.5, 14, 10, 1200, ['1 kg', '5 kg', '25 kg']],
      ['Café Arabica de Man', 'Arabica d’altitude des montagnes de Man, torréfaction moyenne, café doux et fruité.', FOOD, 9, 15, 12, 900, ['250 g', '1 kg']],
    ],
  },
  {
    email: 'contact@ivoiremobilier.demo.market', first_name: 'Marie', last_name: 'Kouassi', phone: '+2250501234567', country: 'CI',
    company: 'Ivoire Mobilier & Transport', badge: false,
    about: 'Meubles en bois massif d’Afrique de l’Ouest et pièces détachées pour motos et tricycles, à Yopougon.',
    products: [
      ['Table basse en teck', 'Table basse en teck massif, finition huilée, assemblage tenon-mortaise.', FURNITURE, 85, 160, 2, 60, ['90 cm', '120 cm']],
      ['Chaise en bois d’iroko', 'Chaise de salle à manger en iroko, assise confortable, très durable.', FURNITURE, 35, 55, 4, 200, ['Naturel', 'Teinte acajou']],
      ['Lit double en bois massif', 'Lit 160 x 200 en bois massif avec tête de lit sculptée.', FURNITURE, 220, 380, 1, 40, ['Sans sommier', 'Avec sommier']],
      ['Étagère murale', 'Étagère en bois recyclé et métal, idéale pour boutiques et salons.', FURNITURE, 25, 48, 3, 150, ['3 niveaux', '5 niveaux']],
      ['Pneu de moto', 'Pneu tout-terrain renforcé pour motos-taxis, bonne adhérence sur piste.', AUTO, 18, 32, 10, 900, ['2.75-17', '3.00-18']],
      ['Kit chaîne et pignons', 'Kit transmission pour motos 125 cc, acier traité, longue durée.', AUTO, 12, 21, 10, 700, ['428H', '520']],
      ['Casque de moto homologué', 'Casque jet homologué avec visière, taille réglable.', AUTO, 15, 29, 10, 500, ['M', 'L', 'XL']],
    ],
  },
];

export const BUYERS: DemoBuyer[] = [
  { email: DEMO_BUYER_EMAIL, first_name: 'Chioma', last_name: 'Okafor', phone: '+2348021234567', country: 'NG', language: 'en' },
  { email: 'elif.demir@demo.market', first_name: 'Elif', last_name: 'Demir', phone: '+905051234567', country: 'TR', language: 'tr' },
  { email: 'awa.diop@demo.market', first_name: 'Awa', last_name: 'Diop', phone: '+221701234567', country: 'SN', language: 'fr' },
  { email: 'koffi.kouame@demo.market', first_name: 'Koffi', last_name: 'Kouamé', phone: '+2250101234567', country: 'CI', language: 'fr' },
  { email: 'emeka.nwosu@demo.market', first_name: 'Emeka', last_name: 'Nwosu', phone: '+2348091234567', country: 'NG', language: 'en' },
  { email: 'burak.sahin@demo.market', first_name: 'Burak', last_name: 'Şahin', phone: '+905361234567', country: 'TR', language: 'tr' },
];

/** Review comments by rating (index 0: 3 stars, 1: 4 stars, 2: 5 stars), per language. */
export const COMMENTS: Record<DemoBuyer['language'], string[][]> = {
  en: [
    ['Decent quality but delivery took longer than promised.', 'Okay for the price. Packaging could be better.'],
    ['Good product, arrived well packed. Will order again.', 'Matches the description. Supplier answered quickly.'],
    ['Excellent quality, my customers love it!', 'Top supplier, fast delivery to Lagos and honest pricing.', ''],
  ],
  fr: [
    ['Qualité correcte, mais la livraison a pris du retard.', 'Bien pour le prix, emballage à améliorer.'],
    ['Bon produit, conforme à la description. Je recommande.', 'Fournisseur sérieux et réactif.'],
    ['Excellente qualité, mes clients sont ravis !', 'Parfait, livraison rapide à Dakar.', ''],
  ],
  tr: [
    ['Kalite fena değil ama teslimat gecikti.', 'Fiyatına göre idare eder, ambalaj daha iyi olabilir.'],
    ['Ürün açıklamadaki gibi, iyi paketlenmiş geldi.', 'Tedarikçi hızlı dönüş yaptı, tekrar sipariş vereceğim.'],
    ['Mükemmel kalite, müşterilerim çok memnun!', 'Harika ürün, hızlı kargo.', ''],
  ],
};

export const BANNERS = [
  { title: 'Flash deals: up to 15% off this week', link: '/flash-deals', hue: 18 },
  { title: 'New arrivals from Türkiye, Nigeria, Senegal and Côte d’Ivoire', link: '/new-arrivals', hue: 205 },
  { title: 'Verified suppliers of cocoa, coffee and shea', link: '/search/cacao', hue: 140 },
];

/** A hue per category for the generated pictures. */
export const CATEGORY_HUES: Record<string, number> = {
  [FOOD]: 35, [TEXTILES]: 330, [ELECTRONICS]: 210, [HOME]: 100, [BEAUTY]: 300, [BUILDING]: 25,
  [MACHINERY]: 190, [PACKAGING]: 50, [AUTO]: 0, [HEALTH]: 160, [FURNITURE]: 20, [CRAFTS]: 270,
};
