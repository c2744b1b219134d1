/**
 * A small gazetteer: for every country of the supported locales, a few real cities with their
 * region and postcodes, the phone format and the usual tax rates. Addresses are built only from
 * one city row, so city, region, postcode and phone always fit together and fit the country
 * (faker alone picks city, state and postcode independently).
 *
 * Postcodes: `#` is a random digit; several postcodes of one city are separated by `|`.
 * Phones: the national mobile format after the calling code; `{area}` is the city's area code.
 * Names are given as they are written in the country (the script of its faker locale).
 */

export type Continent = 'AF' | 'AS' | 'EU' | 'NA' | 'SA' | 'OC';

export interface City {
  readonly city: string;
  readonly region: string;
  readonly postcodes: readonly string[];
  readonly area?: string;
}

export interface CountryInfo {
  readonly code: string;
  readonly name: string;
  readonly continent: Continent;
  readonly currency: string;
  readonly callingCode: string;
  readonly phone: string;
  readonly taxLabel: string;
  /** Usual standard and reduced rates in percent. */
  readonly vat: { readonly standard: number; readonly reduced: number };
  readonly cities: readonly City[];
}

type CityRow = readonly [city: string, region: string, postcodes: string, area?: string];

function country(
  code: string,
  name: string,
  continent: Continent,
  currency: string,
  callingCode: string,
  phone: string,
  taxLabel: string,
  standard: number,
  reduced: number,
  rows: readonly CityRow[],
): CountryInfo {
  return {
    code,
    name,
    continent,
    currency,
    callingCode,
    phone,
    taxLabel,
    vat: { standard, reduced },
    cities: rows.map(([city, region, postcodes, area]) => ({
      city,
      region,
      postcodes: postcodes === '' ? [] : postcodes.split('|'),
      ...(area ? { area } : {}),
    })),
  };
}

export const COUNTRIES: readonly CountryInfo[] = [
  country('AR', 'Argentina', 'SA', 'ARS', '54', '9 {area} ###-####', 'IVA', 21, 10.5, [
    ['Buenos Aires', 'Ciudad Autónoma de Buenos Aires', '1002|1043|1414', '11'],
    ['Córdoba', 'Córdoba', '5000', '351'],
    ['Rosario', 'Santa Fe', '2000', '341'],
    ['Mendoza', 'Mendoza', '5500', '261'],
    ['La Plata', 'Buenos Aires', '1900', '221'],
    ['San Miguel de Tucumán', 'Tucumán', '4000', '381'],
  ]),
  country('AM', 'Armenia', 'AS', 'AMD', '374', '9# ######', 'VAT', 20, 0, [
    ['Երևան', 'Երևան', '0010|0025|0033'],
    ['Գյումրի', 'Շիրակ', '3101'],
    ['Վանաձոր', 'Լոռի', '2001'],
    ['Վաղարշապատ', 'Արմավիր', '1101'],
    ['Աբովյան', 'Կոտայք', '2201'],
  ]),
  country('AT', 'Austria', 'EU', 'EUR', '43', '66# #######', 'USt', 20, 10, [
    ['Wien', 'Wien', '1010|1020|1030|1040|1050|1060|1070|1080|1090|1100'],
    ['Graz', 'Steiermark', '8010|8020'],
    ['Linz', 'Oberösterreich', '4020|4040'],
    ['Salzburg', 'Salzburg', '5020'],
    ['Innsbruck', 'Tirol', '6020'],
    ['Klagenfurt am Wörthersee', 'Kärnten', '9020'],
  ]),
  country('AU', 'Australia', 'OC', 'AUD', '61', '4## ### ###', 'GST', 10, 0, [
    ['Sydney', 'New South Wales', '2000'],
    ['Melbourne', 'Victoria', '3000'],
    ['Brisbane', 'Queensland', '4000'],
    ['Perth', 'Western Australia', '6000'],
    ['Adelaide', 'South Australia', '5000'],
    ['Hobart', 'Tasmania', '7000'],
    ['Canberra', 'Australian Capital Territory', '2601'],
  ]),
  country('BD', 'Bangladesh', 'AS', 'BDT', '880', '17## ######', 'VAT', 15, 5, [
    ['Dhaka', 'Dhaka Division', '1000|1205|1212'],
    ['Chattogram', 'Chattogram Division', '4000'],
    ['Khulna', 'Khulna Division', '9000'],
    ['Rajshahi', 'Rajshahi Division', '6000'],
    ['Sylhet', 'Sylhet Division', '3100'],
  ]),
  country('BE', 'Belgium', 'EU', 'EUR', '32', '47# ## ## ##', 'BTW/TVA', 21, 6, [
    ['Bruxelles', 'Bruxelles-Capitale', '1000|1050'],
    ['Antwerpen', 'Antwerpen', '2000|2018'],
    ['Gent', 'Oost-Vlaanderen', '9000'],
    ['Liège', 'Liège', '4000'],
    ['Brugge', 'West-Vlaanderen', '8000'],
    ['Namur', 'Namur', '5000'],
    ['Leuven', 'Vlaams-Brabant', '3000'],
  ]),
  country('BG', 'Bulgaria', 'EU', 'EUR', '359', '8# ### ####', 'ДДС', 20, 9, [
    ['София', 'София-град', '1000|1504'],
    ['Пловдив', 'Пловдив', '4000'],
    ['Варна', 'Варна', '9000'],
    ['Бургас', 'Бургас', '8000'],
    ['Русе', 'Русе', '7000'],
    ['Стара Загора', 'Стара Загора', '6000'],
  ]),
  country('BR', 'Brazil', 'SA', 'BRL', '55', '{area} 9####-####', 'ICMS', 17, 7, [
    ['São Paulo', 'São Paulo', '01310-100|01001-000', '11'],
    ['Rio de Janeiro', 'Rio de Janeiro', '20040-020|22021-001', '21'],
    ['Belo Horizonte', 'Minas Gerais', '30130-000', '31'],
    ['Brasília', 'Distrito Federal', '70040-010', '61'],
    ['Salvador', 'Bahia', '40020-000', '71'],
    ['Curitiba', 'Paraná', '80010-000', '41'],
    ['Porto Alegre', 'Rio Grande do Sul', '90010-150', '51'],
  ]),
  country('CA', 'Canada', 'NA', 'CAD', '1', '{area}-###-####', 'GST', 5, 0, [
    ['Toronto', 'Ontario', 'M5V 2T6|M5H 2N2|M4W 1A5', '416'],
    ['Montréal', 'Québec', 'H3B 2Y5|H2X 1Y4', '514'],
    ['Vancouver', 'British Columbia', 'V6B 1A1|V6C 3L6', '604'],
    ['Calgary', 'Alberta', 'T2P 2M5', '403'],
    ['Ottawa', 'Ontario', 'K1P 5J9', '613'],
    ['Edmonton', 'Alberta', 'T5J 0N3', '780'],
    ['Halifax', 'Nova Scotia', 'B3J 3A5', '902'],
  ]),
  country('CH', 'Switzerland', 'EU', 'CHF', '41', '7# ### ## ##', 'MWST', 8.1, 2.6, [
    ['Zürich', 'Zürich', '8001|8002|8003'],
    ['Genève', 'Genève', '1201|1202'],
    ['Basel', 'Basel-Stadt', '4001|4051'],
    ['Bern', 'Bern', '3011'],
    ['Lausanne', 'Vaud', '1003'],
    ['Lugano', 'Ticino', '6900'],
    ['Luzern', 'Luzern', '6003'],
  ]),
  country('CN', 'China', 'AS', 'CNY', '86', '13# #### ####', '增值税', 13, 9, [
    ['北京市', '北京市', '100000|100010'],
    ['上海市', '上海市', '200000|200120'],
    ['广州市', '广东省', '510000'],
    ['深圳市', '广东省', '518000'],
    ['成都市', '四川省', '610000'],
    ['杭州市', '浙江省', '310000'],
    ['武汉市', '湖北省', '430000'],
  ]),
  country('CY', 'Cyprus', 'EU', 'EUR', '357', '9# ######', 'ΦΠΑ', 19, 5, [
    ['Λευκωσία', 'Επαρχία Λευκωσίας', '1010|1065'],
    ['Λεμεσός', 'Επαρχία Λεμεσού', '3010|3036'],
    ['Λάρνακα', 'Επαρχία Λάρνακας', '6010'],
    ['Πάφος', 'Επαρχία Πάφου', '8010'],
  ]),
  country('CZ', 'Czechia', 'EU', 'CZK', '420', '7## ### ###', 'DPH', 21, 12, [
    ['Praha', 'Hlavní město Praha', '110 00|120 00|130 00'],
    ['Brno', 'Jihomoravský kraj', '602 00'],
    ['Ostrava', 'Moravskoslezský kraj', '702 00'],
    ['Plzeň', 'Plzeňský kraj', '301 00'],
    ['Liberec', 'Liberecký kraj', '460 01'],
    ['Olomouc', 'Olomoucký kraj', '779 00'],
  ]),
  country('DE', 'Germany', 'EU', 'EUR', '49', '15# ########', 'MwSt', 19, 7, [
    ['Berlin', 'Berlin', '10115|10117|10178|10969'],
    ['Hamburg', 'Hamburg', '20095|20099'],
    ['München', 'Bayern', '80331|80333'],
    ['Köln', 'Nordrhein-Westfalen', '50667|50668'],
    ['Frankfurt am Main', 'Hessen', '60311|60313'],
    ['Stuttgart', 'Baden-Württemberg', '70173'],
    ['Leipzig', 'Sachsen', '04109'],
    ['Dresden', 'Sachsen', '01067'],
  ]),
  country('DK', 'Denmark', 'EU', 'DKK', '45', '## ## ## ##', 'moms', 25, 0, [
    ['København', 'Region Hovedstaden', '1050|1150|1250|1360|1450'],
    ['Aarhus', 'Region Midtjylland', '8000'],
    ['Odense', 'Region Syddanmark', '5000'],
    ['Aalborg', 'Region Nordjylland', '9000'],
    ['Esbjerg', 'Region Syddanmark', '6700'],
    ['Roskilde', 'Region Sjælland', '4000'],
  ]),
  country('EE', 'Estonia', 'EU', 'EUR', '372', '5### ####', 'km', 24, 9, [
    ['Tallinn', 'Harju maakond', '10111|10115'],
    ['Tartu', 'Tartu maakond', '51003'],
    ['Narva', 'Ida-Viru maakond', '20308'],
    ['Pärnu', 'Pärnu maakond', '80010'],
    ['Viljandi', 'Viljandi maakond', '71020'],
  ]),
  country('EG', 'Egypt', 'AF', 'EGP', '20', '1# #### ####', 'ضريبة القيمة المضافة', 14, 5, [
    ['القاهرة', 'محافظة القاهرة', '11511|11311'],
    ['الإسكندرية', 'محافظة الإسكندرية', '21519'],
    ['الجيزة', 'محافظة الجيزة', '12511'],
    ['الأقصر', 'محافظة الأقصر', '85951'],
    ['أسوان', 'محافظة أسوان', '81511'],
    ['بورسعيد', 'محافظة بورسعيد', '42511'],
  ]),
  country('ES', 'Spain', 'EU', 'EUR', '34', '6## ### ###', 'IVA', 21, 10, [
    ['Madrid', 'Madrid', '28001|28013'],
    ['Barcelona', 'Barcelona', '08001|08002'],
    ['Valencia', 'Valencia', '46001'],
    ['Sevilla', 'Sevilla', '41001'],
    ['Zaragoza', 'Zaragoza', '50001'],
    ['Málaga', 'Málaga', '29001'],
    ['Bilbao', 'Bizkaia', '48001'],
  ]),
  country('FI', 'Finland', 'EU', 'EUR', '358', '40 ### ####', 'ALV', 25.5, 14, [
    ['Helsinki', 'Uusimaa', '00100|00120'],
    ['Espoo', 'Uusimaa', '02100'],
    ['Tampere', 'Pirkanmaa', '33100'],
    ['Turku', 'Varsinais-Suomi', '20100'],
    ['Oulu', 'Pohjois-Pohjanmaa', '90100'],
    ['Jyväskylä', 'Keski-Suomi', '40100'],
  ]),
  country('FR', 'France', 'EU', 'EUR', '33', '6 ## ## ## ##', 'TVA', 20, 5.5, [
    ['Paris', 'Île-de-France', '75001|75002|75008|75011|75015|75017'],
    ['Marseille', "Provence-Alpes-Côte d'Azur", '13001|13008'],
    ['Lyon', 'Auvergne-Rhône-Alpes', '69001|69003'],
    ['Toulouse', 'Occitanie', '31000'],
    ['Nice', "Provence-Alpes-Côte d'Azur", '06000'],
    ['Nantes', 'Pays de la Loire', '44000'],
    ['Bordeaux', 'Nouvelle-Aquitaine', '33000'],
    ['Lille', 'Hauts-de-France', '59000'],
    ['Strasbourg', 'Grand Est', '67000'],
  ]),
  country('GB', 'United Kingdom', 'EU', 'GBP', '44', '7### ######', 'VAT', 20, 5, [
    ['London', 'Greater London', 'EC1A 1BB|W1D 3QF|SE1 7PB|N1 9GU'],
    ['Manchester', 'Greater Manchester', 'M1 1AE|M2 5DB'],
    ['Birmingham', 'West Midlands', 'B1 1BB|B2 4QA'],
    ['Leeds', 'West Yorkshire', 'LS1 4AP'],
    ['Glasgow', 'Glasgow City', 'G1 1XQ'],
    ['Edinburgh', 'City of Edinburgh', 'EH1 1YZ'],
    ['Bristol', 'Bristol', 'BS1 4DJ'],
    ['Cardiff', 'Cardiff', 'CF10 1EP'],
  ]),
  country('GE', 'Georgia', 'AS', 'GEL', '995', '5## ## ## ##', 'დღგ', 18, 0, [
    ['თბილისი', 'თბილისი', '0105|0108'],
    ['ბათუმი', 'აჭარა', '6000'],
    ['ქუთაისი', 'იმერეთი', '4600'],
    ['რუსთავი', 'ქვემო ქართლი', '3700'],
    ['გორი', 'შიდა ქართლი', '1400'],
    ['ზუგდიდი', 'სამეგრელო-ზემო სვანეთი', '2100'],
  ]),
  country('GR', 'Greece', 'EU', 'EUR', '30', '69# ### ####', 'ΦΠΑ', 24, 13, [
    ['Αθήνα', 'Αττική', '105 51|106 71'],
    ['Θεσσαλονίκη', 'Κεντρική Μακεδονία', '546 21'],
    ['Πάτρα', 'Δυτική Ελλάδα', '262 21'],
    ['Ηράκλειο', 'Κρήτη', '712 02'],
    ['Λάρισα', 'Θεσσαλία', '412 21'],
    ['Πειραιάς', 'Αττική', '185 35'],
  ]),
  // Hong Kong has no postcodes.
  country('HK', 'Hong Kong', 'AS', 'HKD', '852', '9### ####', 'Tax', 0, 0, [
    ['Central', 'Hong Kong Island', ''],
    ['Wan Chai', 'Hong Kong Island', ''],
    ['Tsim Sha Tsui', 'Kowloon', ''],
    ['Mong Kok', 'Kowloon', ''],
    ['Sha Tin', 'New Territories', ''],
    ['Tsuen Wan', 'New Territories', ''],
  ]),
  country('HR', 'Croatia', 'EU', 'EUR', '385', '9# ### ####', 'PDV', 25, 13, [
    ['Zagreb', 'Grad Zagreb', '10000'],
    ['Split', 'Splitsko-dalmatinska županija', '21000'],
    ['Rijeka', 'Primorsko-goranska županija', '51000'],
    ['Osijek', 'Osječko-baranjska županija', '31000'],
    ['Zadar', 'Zadarska županija', '23000'],
    ['Dubrovnik', 'Dubrovačko-neretvanska županija', '20000'],
  ]),
  country('HU', 'Hungary', 'EU', 'HUF', '36', '20 ### ####', 'ÁFA', 27, 5, [
    ['Budapest', 'Budapest', '1051|1052|1061|1075'],
    ['Debrecen', 'Hajdú-Bihar', '4024'],
    ['Szeged', 'Csongrád-Csanád', '6720'],
    ['Miskolc', 'Borsod-Abaúj-Zemplén', '3525'],
    ['Pécs', 'Baranya', '7621'],
    ['Győr', 'Győr-Moson-Sopron', '9021'],
  ]),
  country('ID', 'Indonesia', 'AS', 'IDR', '62', '8## #### ####', 'PPN', 12, 0, [
    ['Jakarta', 'DKI Jakarta', '10110|10220'],
    ['Surabaya', 'Jawa Timur', '60271'],
    ['Bandung', 'Jawa Barat', '40111'],
    ['Medan', 'Sumatera Utara', '20111'],
    ['Semarang', 'Jawa Tengah', '50132'],
    ['Denpasar', 'Bali', '80111'],
    ['Yogyakarta', 'DI Yogyakarta', '55213'],
  ]),
  country('IL', 'Israel', 'AS', 'ILS', '972', '5#-###-####', 'מע״מ', 18, 0, [
    ['תל אביב-יפו', 'מחוז תל אביב', '64#####'],
    ['ירושלים', 'מחוז ירושלים', '91#####'],
    ['חיפה', 'מחוז חיפה', '31#####'],
    ['ראשון לציון', 'המחוז המרכזי', '75#####'],
    ['באר שבע', 'מחוז הדרום', '84#####'],
    ['נתניה', 'המחוז המרכזי', '42#####'],
  ]),
  country('IN', 'India', 'AS', 'INR', '91', '9#### #####', 'GST', 18, 5, [
    ['Mumbai', 'Maharashtra', '4000##'],
    ['New Delhi', 'Delhi', '1100##'],
    ['Bengaluru', 'Karnataka', '5600##'],
    ['Chennai', 'Tamil Nadu', '6000##'],
    ['Kolkata', 'West Bengal', '7000##'],
    ['Hyderabad', 'Telangana', '5000##'],
    ['Pune', 'Maharashtra', '4110##'],
  ]),
  country('IR', 'Iran', 'AS', 'IRR', '98', '9## ### ####', 'مالیات بر ارزش افزوده', 10, 0, [
    ['تهران', 'استان تهران', '1####-#####'],
    ['مشهد', 'استان خراسان رضوی', '91###-#####'],
    ['اصفهان', 'استان اصفهان', '81###-#####'],
    ['شیراز', 'استان فارس', '71###-#####'],
    ['تبریز', 'استان آذربایجان شرقی', '51###-#####'],
    ['کرج', 'استان البرز', '31###-#####'],
  ]),
  country('IS', 'Iceland', 'EU', 'ISK', '354', '6## ####', 'VSK', 24, 11, [
    ['Reykjavík', 'Höfuðborgarsvæðið', '101|105'],
    ['Kópavogur', 'Höfuðborgarsvæðið', '200'],
    ['Hafnarfjörður', 'Höfuðborgarsvæðið', '220'],
    ['Akureyri', 'Norðurland eystra', '600'],
    ['Reykjanesbær', 'Suðurnes', '230'],
    ['Selfoss', 'Suðurland', '800'],
  ]),
  country('IT', 'Italy', 'EU', 'EUR', '39', '3## ### ####', 'IVA', 22, 10, [
    ['Roma', 'Lazio', '00184|00186'],
    ['Milano', 'Lombardia', '20121|20122'],
    ['Napoli', 'Campania', '80133'],
    ['Torino', 'Piemonte', '10121'],
    ['Firenze', 'Toscana', '50122'],
    ['Bologna', 'Emilia-Romagna', '40121'],
    ['Palermo', 'Sicilia', '90133'],
    ['Venezia', 'Veneto', '30121'],
  ]),
  country('JO', 'Jordan', 'AS', 'JOD', '962', '7# ### ####', 'ضريبة المبيعات', 16, 4, [
    ['عمّان', 'محافظة العاصمة', '11118|11183'],
    ['الزرقاء', 'محافظة الزرقاء', '13110'],
    ['إربد', 'محافظة إربد', '21110'],
    ['العقبة', 'محافظة العقبة', '77110'],
    ['السلط', 'محافظة البلقاء', '19110'],
  ]),
  country('JP', 'Japan', 'AS', 'JPY', '81', '90-####-####', '消費税', 10, 8, [
    ['千代田区', '東京都', '100-0005'],
    ['渋谷区', '東京都', '150-0002'],
    ['大阪市', '大阪府', '530-0001'],
    ['横浜市', '神奈川県', '220-0011'],
    ['名古屋市', '愛知県', '450-0002'],
    ['札幌市', '北海道', '060-0001'],
    ['福岡市', '福岡県', '810-0001'],
    ['京都市', '京都府', '600-8216'],
  ]),
  country('KR', 'South Korea', 'AS', 'KRW', '82', '10-####-####', '부가가치세', 10, 0, [
    ['강남구', '서울특별시', '06236|06164'],
    ['종로구', '서울특별시', '03154'],
    ['해운대구', '부산광역시', '48094'],
    ['중구', '대구광역시', '41911'],
    ['연수구', '인천광역시', '21984'],
    ['유성구', '대전광역시', '34126'],
  ]),
  country('KZ', 'Kazakhstan', 'AS', 'KZT', '7', '7## ### ####', 'НДС', 16, 0, [
    ['Алматы', 'Алматы', '050000|050010'],
    ['Астана', 'Астана', '010000'],
    ['Шымкент', 'Шымкент', '160000'],
    ['Караганда', 'Карагандинская область', '100000'],
    ['Актобе', 'Актюбинская область', '030000'],
    ['Павлодар', 'Павлодарская область', '140000'],
  ]),
  country('LT', 'Lithuania', 'EU', 'EUR', '370', '6## #####', 'PVM', 21, 9, [
    ['Vilnius', 'Vilniaus apskritis', 'LT-01103|LT-03101'],
    ['Kaunas', 'Kauno apskritis', 'LT-44280'],
    ['Klaipėda', 'Klaipėdos apskritis', 'LT-92100'],
    ['Šiauliai', 'Šiaulių apskritis', 'LT-76280'],
    ['Panevėžys', 'Panevėžio apskritis', 'LT-35173'],
  ]),
  country('LV', 'Latvia', 'EU', 'EUR', '371', '2### ####', 'PVN', 21, 12, [
    ['Rīga', 'Rīga', 'LV-1050|LV-1010'],
    ['Daugavpils', 'Daugavpils', 'LV-5401'],
    ['Liepāja', 'Liepāja', 'LV-3401'],
    ['Jelgava', 'Jelgava', 'LV-3001'],
    ['Jūrmala', 'Jūrmala', 'LV-2015'],
    ['Ventspils', 'Ventspils', 'LV-3601'],
  ]),
  country('MD', 'Moldova', 'EU', 'MDL', '373', '6# ### ###', 'TVA', 20, 8, [
    ['Chișinău', 'Municipiul Chișinău', 'MD-2001|MD-2012'],
    ['Bălți', 'Municipiul Bălți', 'MD-3100'],
    ['Cahul', 'Raionul Cahul', 'MD-3900'],
    ['Ungheni', 'Raionul Ungheni', 'MD-3600'],
    ['Orhei', 'Raionul Orhei', 'MD-3500'],
  ]),
  country('ME', 'Montenegro', 'EU', 'EUR', '382', '6# ### ###', 'PDV', 21, 7, [
    ['Podgorica', 'Glavni grad Podgorica', '81000'],
    ['Nikšić', 'Opština Nikšić', '81400'],
    ['Budva', 'Opština Budva', '85310'],
    ['Bar', 'Opština Bar', '85000'],
    ['Herceg Novi', 'Opština Herceg Novi', '85340'],
    ['Kotor', 'Opština Kotor', '85330'],
  ]),
  country('MN', 'Mongolia', 'AS', 'MNT', '976', '9### ####', 'VAT', 10, 0, [
    ['Ulaanbaatar', 'Ulaanbaatar', '14200|15160'],
    ['Erdenet', 'Orkhon', '61000'],
    ['Darkhan', 'Darkhan-Uul', '45000'],
    ['Choibalsan', 'Dornod', '21000'],
    ['Mörön', 'Khövsgöl', '67000'],
  ]),
  country('MY', 'Malaysia', 'AS', 'MYR', '60', '1#-### ####', 'SST', 10, 5, [
    ['Kuala Lumpur', 'Wilayah Persekutuan Kuala Lumpur', '50050|50450'],
    ['George Town', 'Pulau Pinang', '10200'],
    ['Johor Bahru', 'Johor', '80000'],
    ['Ipoh', 'Perak', '30000'],
    ['Shah Alam', 'Selangor', '40000'],
    ['Kota Kinabalu', 'Sabah', '88000'],
    ['Kuching', 'Sarawak', '93000'],
  ]),
  country('NG', 'Nigeria', 'AF', 'NGN', '234', '80# ### ####', 'VAT', 7.5, 0, [
    ['Lagos', 'Lagos', '100001|101233'],
    ['Abuja', 'Federal Capital Territory', '900001'],
    ['Kano', 'Kano', '700001'],
    ['Ibadan', 'Oyo', '200001'],
    ['Port Harcourt', 'Rivers', '500001'],
    ['Benin City', 'Edo', '300001'],
  ]),
  country('NL', 'Netherlands', 'EU', 'EUR', '31', '6 ########', 'btw', 21, 9, [
    ['Amsterdam', 'Noord-Holland', '1012 JS|1016 DK|1071 XX'],
    ['Rotterdam', 'Zuid-Holland', '3011 AD|3012 CL'],
    ['Den Haag', 'Zuid-Holland', '2511 BT'],
    ['Utrecht', 'Utrecht', '3511 LX'],
    ['Eindhoven', 'Noord-Brabant', '5611 EM'],
    ['Groningen', 'Groningen', '9711 LM'],
  ]),
  country('NO', 'Norway', 'EU', 'NOK', '47', '4## ## ###', 'MVA', 25, 15, [
    ['Oslo', 'Oslo', '0150|0250'],
    ['Bergen', 'Vestland', '5003'],
    ['Trondheim', 'Trøndelag', '7010'],
    ['Stavanger', 'Rogaland', '4006'],
    ['Tromsø', 'Troms', '9008'],
    ['Kristiansand', 'Agder', '4610'],
  ]),
  country('NP', 'Nepal', 'AS', 'NPR', '977', '98# #######', 'VAT', 13, 0, [
    ['Kathmandu', 'Bagmati', '44600'],
    ['Pokhara', 'Gandaki', '33700'],
    ['Lalitpur', 'Bagmati', '44700'],
    ['Bharatpur', 'Bagmati', '44200'],
    ['Biratnagar', 'Koshi', '56613'],
    ['Birgunj', 'Madhesh', '44300'],
  ]),
  country('NZ', 'New Zealand', 'OC', 'NZD', '64', '21 ### ####', 'GST', 15, 0, [
    ['Auckland', 'Auckland', '1010'],
    ['Wellington', 'Wellington', '6011'],
    ['Christchurch', 'Canterbury', '8011'],
    ['Hamilton', 'Waikato', '3204'],
    ['Dunedin', 'Otago', '9016'],
    ['Tauranga', 'Bay of Plenty', '3110'],
  ]),
  country('PE', 'Peru', 'SA', 'PEN', '51', '9## ### ###', 'IGV', 18, 0, [
    ['Lima', 'Lima', '15001|15074'],
    ['Arequipa', 'Arequipa', '04001'],
    ['Trujillo', 'La Libertad', '13001'],
    ['Chiclayo', 'Lambayeque', '14001'],
    ['Cusco', 'Cusco', '08001'],
    ['Piura', 'Piura', '20001'],
  ]),
  country('PH', 'Philippines', 'AS', 'PHP', '63', '9## ### ####', 'VAT', 12, 0, [
    ['Manila', 'Metro Manila', '1000'],
    ['Quezon City', 'Metro Manila', '1100'],
    ['Makati', 'Metro Manila', '1200'],
    ['Cebu City', 'Cebu', '6000'],
    ['Davao City', 'Davao del Sur', '8000'],
    ['Iloilo City', 'Iloilo', '5000'],
  ]),
  country('PL', 'Poland', 'EU', 'PLN', '48', '5## ### ###', 'VAT', 23, 8, [
    ['Warszawa', 'mazowieckie', '00-001|00-950|02-495'],
    ['Kraków', 'małopolskie', '30-001|31-011'],
    ['Łódź', 'łódzkie', '90-001'],
    ['Wrocław', 'dolnośląskie', '50-001'],
    ['Poznań', 'wielkopolskie', '60-001'],
    ['Gdańsk', 'pomorskie', '80-001'],
  ]),
  country('PT', 'Portugal', 'EU', 'EUR', '351', '91# ### ###', 'IVA', 23, 6, [
    ['Lisboa', 'Lisboa', '1100-148|1250-096'],
    ['Porto', 'Porto', '4000-322'],
    ['Braga', 'Braga', '4700-435'],
    ['Coimbra', 'Coimbra', '3000-150'],
    ['Faro', 'Faro', '8000-138'],
    ['Funchal', 'Madeira', '9000-060'],
  ]),
  country('RO', 'Romania', 'EU', 'RON', '40', '7## ### ###', 'TVA', 21, 11, [
    ['București', 'București', '010011|030167'],
    ['Cluj-Napoca', 'Cluj', '400001'],
    ['Timișoara', 'Timiș', '300001'],
    ['Iași', 'Iași', '700001'],
    ['Constanța', 'Constanța', '900001'],
    ['Brașov', 'Brașov', '500001'],
  ]),
  country('RS', 'Serbia', 'EU', 'RSD', '381', '6# ### ####', 'PDV', 20, 10, [
    ['Beograd', 'Grad Beograd', '11000'],
    ['Novi Sad', 'Južnobački okrug', '21000'],
    ['Niš', 'Nišavski okrug', '18000'],
    ['Kragujevac', 'Šumadijski okrug', '34000'],
    ['Subotica', 'Severnobački okrug', '24000'],
    ['Zrenjanin', 'Srednjebanatski okrug', '23000'],
  ]),
  country('RU', 'Russia', 'EU', 'RUB', '7', '9## ###-##-##', 'НДС', 22, 10, [
    ['Москва', 'Москва', '101000|125009'],
    ['Санкт-Петербург', 'Санкт-Петербург', '190000|191186'],
    ['Новосибирск', 'Новосибирская область', '630099'],
    ['Екатеринбург', 'Свердловская область', '620014'],
    ['Казань', 'Республика Татарстан', '420111'],
    ['Нижний Новгород', 'Нижегородская область', '603005'],
  ]),
  country('SA', 'Saudi Arabia', 'AS', 'SAR', '966', '5# ### ####', 'ضريبة القيمة المضافة', 15, 0, [
    ['الرياض', 'منطقة الرياض', '12211|11564'],
    ['جدة', 'منطقة مكة المكرمة', '21577'],
    ['مكة المكرمة', 'منطقة مكة المكرمة', '24231'],
    ['المدينة المنورة', 'منطقة المدينة المنورة', '42311'],
    ['الدمام', 'المنطقة الشرقية', '32241'],
    ['الخبر', 'المنطقة الشرقية', '34428'],
  ]),
  country('SE', 'Sweden', 'EU', 'SEK', '46', '7# ### ## ##', 'moms', 25, 12, [
    ['Stockholm', 'Stockholms län', '111 20|114 35'],
    ['Göteborg', 'Västra Götalands län', '411 05'],
    ['Malmö', 'Skåne län', '211 20'],
    ['Uppsala', 'Uppsala län', '753 10'],
    ['Västerås', 'Västmanlands län', '722 11'],
    ['Örebro', 'Örebro län', '702 10'],
  ]),
  country('SG', 'Singapore', 'AS', 'SGD', '65', '9### ####', 'GST', 9, 0, [
    ['Singapore', 'Central Region', '018956|238859|179103'],
    ['Singapore', 'East Region', '529510|449269'],
    ['Singapore', 'North-East Region', '560123'],
  ]),
  country('SI', 'Slovenia', 'EU', 'EUR', '386', '4# ### ###', 'DDV', 22, 9.5, [
    ['Ljubljana', 'Osrednjeslovenska', '1000'],
    ['Maribor', 'Podravska', '2000'],
    ['Celje', 'Savinjska', '3000'],
    ['Kranj', 'Gorenjska', '4000'],
    ['Koper', 'Obalno-kraška', '6000'],
    ['Novo mesto', 'Jugovzhodna Slovenija', '8000'],
  ]),
  country('SK', 'Slovakia', 'EU', 'EUR', '421', '9## ### ###', 'DPH', 23, 5, [
    ['Bratislava', 'Bratislavský kraj', '811 01|821 08'],
    ['Košice', 'Košický kraj', '040 01'],
    ['Prešov', 'Prešovský kraj', '080 01'],
    ['Žilina', 'Žilinský kraj', '010 01'],
    ['Nitra', 'Nitriansky kraj', '949 01'],
    ['Banská Bystrica', 'Banskobystrický kraj', '974 01'],
  ]),
  country('TH', 'Thailand', 'AS', 'THB', '66', '8# ### ####', 'ภาษีมูลค่าเพิ่ม', 7, 0, [
    ['เขตปทุมวัน', 'กรุงเทพมหานคร', '10330'],
    ['เขตบางรัก', 'กรุงเทพมหานคร', '10500'],
    ['เมืองเชียงใหม่', 'เชียงใหม่', '50000'],
    ['เมืองภูเก็ต', 'ภูเก็ต', '83000'],
    ['เมืองขอนแก่น', 'ขอนแก่น', '40000'],
    ['หาดใหญ่', 'สงขลา', '90110'],
  ]),
  country('TR', 'Türkiye', 'AS', 'TRY', '90', '5## ### ## ##', 'KDV', 20, 10, [
    ['İstanbul', 'İstanbul', '34122|34367'],
    ['Ankara', 'Ankara', '06420'],
    ['İzmir', 'İzmir', '35210'],
    ['Bursa', 'Bursa', '16010'],
    ['Antalya', 'Antalya', '07100'],
    ['Adana', 'Adana', '01010'],
  ]),
  country('TW', 'Taiwan', 'AS', 'TWD', '886', '9## ### ###', '營業稅', 5, 0, [
    ['中正區', '臺北市', '100'],
    ['大安區', '臺北市', '106'],
    ['信義區', '臺北市', '110'],
    ['板橋區', '新北市', '220'],
    ['西屯區', '臺中市', '407'],
    ['前鎮區', '高雄市', '806'],
  ]),
  country('UA', 'Ukraine', 'EU', 'UAH', '380', '67 ### ## ##', 'ПДВ', 20, 7, [
    ['Київ', 'Київ', '01001|04053'],
    ['Харків', 'Харківська область', '61001'],
    ['Одеса', 'Одеська область', '65000'],
    ['Дніпро', 'Дніпропетровська область', '49000'],
    ['Львів', 'Львівська область', '79000'],
    ['Запоріжжя', 'Запорізька область', '69000'],
  ]),
  // Uganda has no postcodes in everyday use.
  country('UG', 'Uganda', 'AF', 'UGX', '256', '7## ######', 'VAT', 18, 0, [
    ['Kampala', 'Central Region', ''],
    ['Entebbe', 'Central Region', ''],
    ['Gulu', 'Northern Region', ''],
    ['Mbarara', 'Western Region', ''],
    ['Jinja', 'Eastern Region', ''],
    ['Mbale', 'Eastern Region', ''],
  ]),
  // The United States has no national VAT; 8 % stands for a typical combined sales tax.
  country('US', 'United States', 'NA', 'USD', '1', '{area}-###-####', 'Sales tax', 8, 0, [
    ['New York', 'New York', '10001|10002|10011', '212'],
    ['Los Angeles', 'California', '90012|90017', '213'],
    ['Chicago', 'Illinois', '60601|60602', '312'],
    ['Houston', 'Texas', '77002', '713'],
    ['Phoenix', 'Arizona', '85004', '602'],
    ['Philadelphia', 'Pennsylvania', '19103', '215'],
    ['Seattle', 'Washington', '98101', '206'],
    ['Denver', 'Colorado', '80202', '303'],
    ['Boston', 'Massachusetts', '02108', '617'],
    ['Atlanta', 'Georgia', '30303', '404'],
    ['Miami', 'Florida', '33130', '305'],
    ['Portland', 'Oregon', '97204', '503'],
  ]),
  country('VE', 'Venezuela', 'SA', 'VES', '58', '41# ### ####', 'IVA', 16, 8, [
    ['Caracas', 'Distrito Capital', '1010'],
    ['Maracaibo', 'Zulia', '4001'],
    ['Valencia', 'Carabobo', '2001'],
    ['Barquisimeto', 'Lara', '3001'],
    ['Maracay', 'Aragua', '2101'],
    ['Mérida', 'Mérida', '5101'],
  ]),
  country('VN', 'Vietnam', 'AS', 'VND', '84', '9# ### ## ##', 'VAT', 10, 5, [
    ['Hà Nội', 'Hà Nội', '100000'],
    ['Thành phố Hồ Chí Minh', 'Thành phố Hồ Chí Minh', '700000'],
    ['Đà Nẵng', 'Đà Nẵng', '550000'],
    ['Hải Phòng', 'Hải Phòng', '180000'],
    ['Cần Thơ', 'Cần Thơ', '900000'],
    ['Huế', 'Huế', '530000'],
  ]),
  country('ZA', 'South Africa', 'AF', 'ZAR', '27', '8# ### ####', 'VAT', 15, 0, [
    ['Johannesburg', 'Gauteng', '2001'],
    ['Cape Town', 'Western Cape', '8001'],
    ['Durban', 'KwaZulu-Natal', '4001'],
    ['Pretoria', 'Gauteng', '0002'],
    ['Gqeberha', 'Eastern Cape', '6001'],
    ['Bloemfontein', 'Free State', '9301'],
  ]),
];

/**
 * Countries of no built-in locale, for locales a plugin adds (de_LU, fr_LU). Not offered as parameters and not in
 * shipping coverage (a customer there has no locale of that country), only a plugin locale's home.
 */
const PLUGIN_LOCALE_COUNTRIES: readonly CountryInfo[] = [
  country('LU', 'Luxembourg', 'EU', 'EUR', '352', '6## ### ###', 'TVA', 17, 8, [
    ['Luxembourg', 'Luxembourg', '1###|2###'],
    ['Esch-sur-Alzette', 'Esch-sur-Alzette', '40##|42##'],
    ['Differdange', 'Esch-sur-Alzette', '45##'],
    ['Dudelange', 'Esch-sur-Alzette', '34##'],
    ['Ettelbruck', 'Diekirch', '90##'],
    ['Diekirch', 'Diekirch', '92##'],
    ['Wiltz', 'Wiltz', '95##'],
  ]),
];

const byCode = new Map([...COUNTRIES, ...PLUGIN_LOCALE_COUNTRIES].map((c) => [c.code, c]));

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);

export function countryInfo(code: string): CountryInfo | undefined {
  return byCode.get(code);
}

/** Fills `#` with random digits. */
export function fillDigits(pattern: string, digit: () => number): string {
  let out = '';
  for (const ch of pattern) out += ch === '#' ? String(digit()) : ch;
  return out;
}
