/** Polish catalogue words. The adjective agrees with the noun's gender: Klasyczny kubek, Klasyczna bluza, Klasyczne pióro wieczne. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const PL: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['m', 'f', 'n'],
    nouns: {
      m: ['kubek', 'plecak', 'szalik', 'pasek', 'sweter', 'płaszcz', 'kapelusz', 'portfel', 'czajnik', 'nóż kuchenny', 'koc', 'wazon', 'zegar ścienny', 'notes', 'głośnik', 'dzbanek', 'fartuch', 'hamak', 'koszyk'],
      f: ['koszulka', 'bluza', 'kurtka', 'koszula', 'czapka', 'torba na ramię', 'patelnia', 'deska do krojenia', 'lampka nocna', 'świeca zapachowa', 'butelka na wodę', 'mata do jogi', 'poduszka', 'filiżanka'],
      n: ['pióro wieczne', 'etui na telefon', 'legowisko dla psa', 'pudełko śniadaniowe', 'lustro', 'siedzisko'],
    },
    adjectives: [
      ['klasyczny', 'klasyczna', 'klasyczne'], ['ręcznie robiony', 'ręcznie robiona', 'ręcznie robione'], ['lekki', 'lekka', 'lekkie'],
      ['solidny', 'solidna', 'solidne'], ['wodoodporny', 'wodoodporna', 'wodoodporne'], ['ponadczasowy', 'ponadczasowa', 'ponadczasowe'],
      ['skandynawski', 'skandynawska', 'skandynawskie'], ['rustykalny', 'rustykalna', 'rustykalne'], ['nowoczesny', 'nowoczesna', 'nowoczesne'],
      ['ekologiczny', 'ekologiczna', 'ekologiczne'], ['miękki', 'miękka', 'miękkie'], ['kompaktowy', 'kompaktowa', 'kompaktowe'],
      ['minimalistyczny', 'minimalistyczna', 'minimalistyczne'], ['elegancki', 'elegancka', 'eleganckie'], ['praktyczny', 'praktyczna', 'praktyczne'],
    ],
  }),
  digital_product_names: [
    'E-book o chlebie na zakwasie', 'Kurs akwareli dla początkujących', 'Szablon zaproszeń ślubnych', 'Arkusz budżetu domowego', 'Pakiet presetów do Lightrooma',
    'Podręcznik chwytów gitarowych', 'Poradnik planowania posiłków', 'Szablony CV', 'Zestaw ikon', 'Podstawy fotografii (e-book)',
    'Medytacje z przewodnikiem (audio)', 'Zbiór wzorów na drutach', 'Program treningów w domu', 'Dziennik podróży do druku', 'Nuty na fortepian',
  ],
  // Genitive: the sentences say "z {material}".
  materials: ['bawełny organicznej', 'wełny merino', 'stali nierdzewnej', 'drewna dębowego', 'bambusa', 'kamionki', 'lnu', 'żeliwa', 'skóry licowej', 'poliestru z recyklingu', 'szkła borokrzemowego'],
  description_sentences: [
    '{name} z {material} – jakość na lata.',
    'Wykonano z {material}. Produkt jest łatwy w pielęgnacji.',
    'Każdy egzemplarz sprawdzamy ręcznie, zanim opuści naszą pracownię.',
    'Prosty design, który pasuje wszędzie.',
    'Ulubiony prezent naszych klientów.',
    'Dwa lata gwarancji i bezpłatny zwrot w ciągu 30 dni.',
    'Wysyłamy w opakowaniu bez plastiku.',
    'Wystarczy przetrzeć wilgotną ściereczką.',
    '{name}: dbałość o każdy szczegół.',
    'Do wyboru w kilku kolorach.',
    'Pasuje do reszty naszej kolekcji.',
  ],
  category_tree: [
    {
      name: 'Odzież',
      children: [
        { name: 'Mężczyźni', children: [{ name: 'Koszule' }, { name: 'Spodnie' }, { name: 'Kurtki' }] },
        { name: 'Kobiety', children: [{ name: 'Sukienki' }, { name: 'Bluzki' }, { name: 'Spódnice' }] },
        { name: 'Dzieci' },
      ],
    },
    { name: 'Akcesoria', children: [{ name: 'Torby', children: [{ name: 'Plecaki' }, { name: 'Torby na zakupy' }] }, { name: 'Biżuteria' }, { name: 'Czapki' }] },
    { name: 'Dom i kuchnia', children: [{ name: 'Naczynia kuchenne', children: [{ name: 'Patelnie' }, { name: 'Noże' }] }, { name: 'Zastawa stołowa' }, { name: 'Dekoracje', children: [{ name: 'Świece' }, { name: 'Ramki' }] }] },
    { name: 'Elektronika', children: [{ name: 'Słuchawki i głośniki' }, { name: 'Akcesoria do telefonów' }, { name: 'Ładowarki i kable' }] },
    { name: 'Sport i rekreacja', children: [{ name: 'Trening', children: [{ name: 'Joga' }, { name: 'Hantle' }] }, { name: 'Turystyka' }, { name: 'Rowery' }] },
    { name: 'Artykuły biurowe', children: [{ name: 'Notesy' }, { name: 'Długopisy' }] },
    { name: 'Zwierzęta', children: [{ name: 'Psy' }, { name: 'Koty' }] },
    { name: 'Zabawki i gry', children: [{ name: 'Układanki' }, { name: 'Gry planszowe' }] },
    { name: 'Produkty cyfrowe', children: [{ name: 'E-booki' }, { name: 'Kursy' }, { name: 'Szablony' }] },
  ],
  brand_names: [
    'Północny Wiatr', 'Dębowy Dwór', 'Lipowa', 'Srebrna Paproć', 'Jasna Przystań', 'Klonowa', 'Kamienny Potok', 'Miedziany Liść', 'Czysta Woda', 'Jałowiec',
    'Pustułka', 'Sosnowy Las', 'Polne Kwiaty', 'Słoneczny Gaj', 'Wrzos', 'Księżycowy Kamień', 'Stary Sad', 'Ostoja', 'Bursztyn', 'Rumianek',
  ],
  brand_lines: ['Dzieci', 'Pracownia', 'Sport', 'Dom', 'Plener', 'Podstawy', 'Podróż', 'Klasyka', 'Aktywni', 'Edycja'],
  tag_labels: [
    'Nowość', 'Bestseller', 'Wyprzedaż', 'Edycja limitowana', 'Ekologiczne', 'Ręcznie robione', 'Pomysł na prezent', 'Wegańskie', 'Organiczne', 'Wodoodporne',
    'Lato', 'Zima', 'Powrót do szkoły', 'Święta', 'Polecamy', 'Zestaw', 'Ostatnie sztuki', 'Lokalna produkcja', 'Z recyklingu', 'Unisex',
    'W podróż', 'Bez plastiku', 'Sprawiedliwy handel', 'Na zamówienie', 'Tylko u nas', 'Popularne', 'Ostatnia szansa', 'Krótka seria',
  ],
  variation_axes: [
    { name: 'Kolor', values: ['Czarny', 'Biały', 'Granatowy', 'Czerwony', 'Butelkowa zieleń', 'Piaskowy', 'Szary', 'Musztardowy'] },
    { name: 'Rozmiar', values: SIZES },
    { name: 'Materiał', values: ['Bawełna', 'Len', 'Wełna', 'Poliester z recyklingu'] },
    { name: 'Pojemność', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Wykończenie', values: ['Matowe', 'Błyszczące', 'Satynowe', 'Szczotkowane'] },
    { name: 'Opakowanie', values: ['Pojedynczo', '2 szt.', '3 szt.', '6 szt.'] },
  ],
  shipping_class_names: ['Mała paczka', 'Paczka standardowa', 'Gabaryt', 'Ponadgabaryt', 'Delikatne', 'List', 'Ciężka przesyłka', 'Przesyłka chłodzona', 'Płaska paczka', 'Przesyłka paletowa', 'Materiały niebezpieczne', 'Lekka paczka'],
  shipping_class_descriptions: ['Dla produktów wysyłanych jako „{name}”.', '{name}: przewoźnik nalicza osobną opłatę.', 'Klasa wysyłki: {name}.'],
  shipping_method_titles: { flat_rate: 'Wysyłka standardowa', free_shipping: 'Darmowa wysyłka', local_pickup: 'Odbiór osobisty' },
  tax_class_names: { standard: 'Stawka podstawowa', reduced: 'Stawka obniżona', zero: 'Stawka zerowa' },
  coupon_words: ['WITAJ', 'WIOSNA', 'LATO', 'JESIEN', 'ZIMA', 'DZIEKUJE', 'VIP', 'ZNAJOMI', 'PROMOCJA', 'WEEKEND', 'STALYKLIENT', 'URODZINY', 'STUDENT', 'WYPRZEDAZ'],
  coupon_descriptions: {
    percentage: '{percent}% rabatu na zamówienie',
    fixed_cart: '{money} rabatu na zamówienie',
    free_shipping: 'Darmowa dostawa',
    minimum: '{label} przy zamówieniu od {minimum}',
  },
  brand_descriptions: ['{name} tworzy przedmioty codziennego użytku, które służą latami.', 'Niezależna marka {name}, projektowana w krótkich seriach.', '{name}: uczciwe materiały, uczciwe ceny.', 'Kolekcja {name} wybrana przez naszych kupców.'],
  label_names: ['VIP', 'Prezent', 'Priorytet', 'Hurt', 'Kruche', 'Do sprawdzenia', 'Stały klient', 'Do kontaktu', 'Brak na stanie', 'Ekspres', 'Zagranica', 'Odbiór osobisty', 'Przedsprzedaż', 'Wymiana', 'Wysoka wartość', 'Kontrola oszustw', 'Pakowanie na prezent', 'Firma', 'Subskrypcja', 'Uszkodzone w transporcie', 'Sprawdzić adres'],
  refund_reasons: ['Produkt dotarł uszkodzony', 'Zły rozmiar', 'Zmiana decyzji', 'Produkt niezgodny z opisem', 'Dostawa zbyt późno', 'Podwójne zamówienie', 'Znaleziono taniej', 'Brakujące części', 'Wysłano niewłaściwy produkt', 'Jakość poniżej oczekiwań'],
  order_notes: ['Jeśli mnie nie będzie, proszę zostawić paczkę u sąsiada.', 'To prezent, proszę nie dołączać faktury.', 'Proszę zadzwonić dzwonkiem dwa razy.', 'Czy można zapakować na prezent?', 'Jeśli to możliwe, proszę wysłać razem z poprzednim zamówieniem.', 'Proszę zadzwonić przed dostawą.', 'Nie ma pośpiechu.', 'Prezent urodzinowy, proszę dołączyć kartkę.'],
  label_descriptions: ['Zamówienia oznaczone jako „{name}”.', 'Etykieta zamówienia: {name}.', '{name}: obsłużyć osobno.'],
};
