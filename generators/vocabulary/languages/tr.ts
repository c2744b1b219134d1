/** Turkish catalogue words. Adjectives do not inflect; they are written capitalised here (İskandinav), as upper-casing an "i" is not Turkish. */
import type { Vocabulary } from '../types.ts';
import { invariable, SIZES } from './build.ts';

export const TR: Partial<Vocabulary> = {
  ...invariable(
    'before',
    ' ',
    [
      'kupa', 'çaydanlık', 'sırt çantası', 'atkı', 'bere', 'şapka', 'ceket', 'kazak', 'gömlek', 'omuz çantası', 'cüzdan', 'tava', 'kesme tahtası',
      'masa lambası', 'kokulu mum', 'duvar saati', 'su şişesi', 'yoga matı', 'hamak', 'yastık', 'dolma kalem', 'hoparlör', 'bisiklet lambası',
      'kol saati', 'önlük', 'banyo havlusu', 'kutu oyunu', 'yapboz', 'telefon kılıfı', 'kemer', 'battaniye',
    ],
    ['Klasik', 'El yapımı', 'Hafif', 'Dayanıklı', 'Su geçirmez', 'Zamansız', 'İskandinav', 'Rustik', 'Modern', 'Doğa dostu', 'Yumuşak', 'Kompakt', 'Sade', 'Şık', 'Kullanışlı'],
  ),
  digital_product_names: [
    'Ekşi mayalı ekmek e-kitabı', 'Yeni başlayanlar için suluboya kursu', 'Düğün davetiyesi şablonu', 'Bütçe planlama tablosu', 'Lightroom ön ayar paketi',
    'Gitar akorları el kitabı', 'Haftalık yemek planı rehberi', 'Özgeçmiş şablonları', 'İkon seti', 'Fotoğrafçılığa giriş (e-kitap)',
    'Rehberli meditasyonlar (ses)', 'Örgü desenleri koleksiyonu', 'Evde egzersiz programı', 'Yazdırılabilir seyahat günlüğü', 'Piyano notaları',
  ],
  materials: ['organik pamuk', 'merinos yünü', 'paslanmaz çelik', 'meşe', 'bambu', 'taş seramik', 'keten', 'döküm demir', 'hakiki deri', 'geri dönüştürülmüş polyester', 'borosilikat cam'],
  description_sentences: [
    '{name}: {material} kullanılarak üretildi.',
    'Malzeme: {material}. Bakımı kolaydır.',
    'Her ürün atölyemizden çıkmadan önce elle kontrol edilir.',
    'Her yere uyum sağlayan sade bir tasarım.',
    'Müşterilerimizin en sevdiği hediyelerden biri.',
    'İki yıl garanti ve 30 gün içinde ücretsiz iade.',
    'Plastiksiz ambalajla gönderilir.',
    'Nemli bir bezle silmeniz yeterli.',
    '{name}: en küçük ayrıntısına kadar düşünüldü.',
    'Farklı renk seçenekleri vardır.',
    'Koleksiyonumuzun diğer ürünleriyle uyumludur.',
  ],
  category_tree: [
    {
      name: 'Giyim',
      children: [
        { name: 'Erkek', children: [{ name: 'Gömlek' }, { name: 'Pantolon' }, { name: 'Mont & Ceket' }] },
        { name: 'Kadın', children: [{ name: 'Elbise' }, { name: 'Bluz' }, { name: 'Etek' }] },
        { name: 'Çocuk' },
      ],
    },
    { name: 'Aksesuar', children: [{ name: 'Çanta', children: [{ name: 'Sırt çantaları' }, { name: 'Alışveriş çantaları' }] }, { name: 'Takı' }, { name: 'Şapka & bere' }] },
    { name: 'Ev & mutfak', children: [{ name: 'Pişirme gereçleri', children: [{ name: 'Tavalar' }, { name: 'Bıçaklar' }] }, { name: 'Sofra' }, { name: 'Dekorasyon', children: [{ name: 'Mumlar' }, { name: 'Çerçeveler' }] }] },
    { name: 'Elektronik', children: [{ name: 'Kulaklık & hoparlör' }, { name: 'Telefon aksesuarları' }, { name: 'Şarj cihazı & kablo' }] },
    { name: 'Spor & doğa', children: [{ name: 'Antrenman', children: [{ name: 'Yoga ürünleri' }, { name: 'Ağırlıklar' }] }, { name: 'Kamp' }, { name: 'Bisiklet' }] },
    { name: 'Ofis & kırtasiye', children: [{ name: 'Defterler' }, { name: 'Kalemler' }] },
    { name: 'Evcil hayvan', children: [{ name: 'Köpek' }, { name: 'Kedi' }] },
    { name: 'Oyuncak & oyun', children: [{ name: 'Yapbozlar' }, { name: 'Kutu oyunları' }] },
    { name: 'Dijital ürünler', children: [{ name: 'E-kitaplar' }, { name: 'Kurslar' }, { name: 'Şablonlar' }] },
  ],
  brand_names: [
    'Poyraz', 'Meşelik', 'Ihlamur', 'Gümüş Eğrelti', 'Liman Işığı', 'Akçaağaç', 'Taşdere', 'Bakır Yaprak', 'Duru Su', 'Kızılçam',
    'Ardıç', 'Kerkenez', 'Çamlık', 'Kır Çiçeği', 'Gün Batımı', 'Lodos', 'Ay Taşı', 'Eski Bahçe', 'Böğürtlen', 'Mercan',
  ],
  brand_lines: ['Çocuk', 'Atölye', 'Spor', 'Ev', 'Doğa', 'Temel', 'Seyahat', 'Klasik', 'Aktif', 'Edisyon'],
  tag_labels: [
    'Yeni gelen', 'Çok satan', 'İndirim', 'Sınırlı üretim', 'Sürdürülebilir', 'El yapımı', 'Hediye fikri', 'Vegan', 'Organik', 'Su geçirmez',
    'Yaz', 'Kış', 'Okula dönüş', 'Yılbaşı', 'Editörün seçimi', 'Set', 'Tasfiye', 'Yerli üretim', 'Geri dönüştürülmüş', 'Uniseks',
    'Seyahat', 'Plastiksiz', 'Adil ticaret', 'Siparişe özel', 'Size özel', 'Trend', 'Son fırsat', 'Az sayıda',
  ],
  variation_axes: [
    { name: 'Renk', values: ['Siyah', 'Beyaz', 'Lacivert', 'Kırmızı', 'Orman yeşili', 'Kum', 'Gri', 'Hardal'] },
    { name: 'Beden', values: SIZES },
    { name: 'Malzeme', values: ['Pamuk', 'Keten', 'Yün', 'Geri dönüştürülmüş polyester'] },
    { name: 'Hacim', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Yüzey', values: ['Mat', 'Parlak', 'Saten', 'Fırçalanmış'] },
    { name: 'Paket', values: ['Tekli', '2’li', '3’lü', '6’lı'] },
  ],
  shipping_class_names: ['Küçük koli', 'Standart koli', 'Hacimli', 'Büyük boy', 'Kırılabilir', 'Mektup', 'Ağır yük', 'Soğuk zincir', 'Yassı koli', 'Ambar', 'Tehlikeli madde', 'Hafif koli'],
  shipping_class_descriptions: ['“{name}” olarak gönderilen ürünler için.', '{name}: kargo firması ayrıca ücretlendirir.', 'Kargo sınıfı: {name}.'],
  shipping_method_titles: { flat_rate: 'Standart kargo', free_shipping: 'Ücretsiz kargo', local_pickup: 'Mağazadan teslim alma' },
  tax_class_names: { standard: 'Genel oran', reduced: 'İndirimli oran', zero: 'Sıfır oran' },
  coupon_words: ['HOSGELDIN', 'BAHAR', 'YAZ', 'SONBAHAR', 'KIS', 'TESEKKURLER', 'VIP', 'ARKADAS', 'FLAS', 'HAFTASONU', 'SADIK', 'DOGUMGUNU', 'OGRENCI', 'INDIRIM'],
  coupon_descriptions: {
    percentage: 'Siparişinizde %{percent} indirim',
    fixed_cart: 'Siparişinizde {money} indirim',
    free_shipping: 'Ücretsiz kargo',
    minimum: '{label} ({minimum} ve üzeri alışverişlerde)',
  },
  brand_descriptions: ['{name}, uzun ömürlü gündelik ürünler yapar.', 'Bağımsız marka {name}, küçük seriler hâlinde tasarlanır.', '{name}: dürüst malzemeler, adil fiyatlar.', 'Satın alma ekibimizin seçtiği {name} koleksiyonu.'],
  label_names: ['VIP', 'Hediye', 'Öncelikli', 'Toptan', 'Kırılacak', 'İncelenecek', 'Sadık müşteri', 'Takip edilecek', 'Stok bekleniyor', 'Hızlı kargo', 'Yurt dışı', 'Mağazadan teslim', 'Ön sipariş', 'Değişim', 'Yüksek tutar', 'Dolandırıcılık kontrolü', 'Hediye paketi', 'Kurumsal', 'Abonelik', 'Kargoda hasar gördü', 'Adres kontrolü'],
  refund_reasons: ['Ürün hasarlı geldi', 'Yanlış beden', 'Fikrimi değiştirdim', 'Ürün açıklamayla uyuşmuyor', 'Çok geç teslim edildi', 'Mükerrer sipariş', 'Daha uygun fiyat buldum', 'Eksik parça', 'Yanlış ürün gönderildi', 'Kalite beklentimi karşılamadı'],
  order_notes: ['Evde yoksam paketi komşuya bırakın lütfen.', 'Bu bir hediye, lütfen faturayı koymayın.', 'Lütfen zili iki kez çalın.', 'Hediye paketi yapabilir misiniz?', 'Mümkünse önceki siparişimle birlikte gönderin.', 'Gelince beni arayın lütfen.', 'Acelesi yok.', 'Doğum günü hediyesi, lütfen bir kart ekleyin.'],
  label_descriptions: ['“{name}” olarak işaretlenen siparişler.', 'Sipariş etiketi: {name}.', '{name}: ayrıca ele alınacak.'],
};
