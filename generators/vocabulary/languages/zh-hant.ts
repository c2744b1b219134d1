/**
 * Chinese in Traditional characters, as written in Taiwan (and read in Hong Kong and Macau): its own words, not
 * a character mapping of the Simplified file (後背包 for 双肩包, 太陽眼鏡 for 太阳镜, 藍牙喇叭 for 蓝牙音箱, 洋裝
 * for 连衣裙, 保固 for 质保). A descriptive prefix joined to the noun without a space (北歐風檯燈); sentences end in
 * 。 and are not spaced.
 */
import type { Vocabulary } from '../types.ts';
import { invariable, SIZES } from './build.ts';

export const ZH_HANT: Partial<Vocabulary> = {
  ...invariable(
    'before',
    '',
    [
      'T恤', '連帽上衣', '牛仔外套', '羊毛衫', '雨衣', '休閒褲', '毛線帽', '棒球帽', '圍巾', '皮帶', '帆布鞋', '登山靴', '後背包', '托特包', '錢包',
      '太陽眼鏡', '手錶', '馬克杯', '保溫瓶', '水壺', '茶壺', '主廚刀', '砧板', '鑄鐵鍋', '沙拉碗', '檯燈', '毛毯', '抱枕套', '香氛蠟燭', '花盆',
      '掛鐘', '相框', '浴巾', '筆記本', '鋼筆', '手機殼', '無線充電器', '藍牙喇叭', '耳機', '瑜珈墊', '吊床',
    ],
    ['經典', '簡約', '手工', '輕量', '防水', '北歐風', '復古', '精選', '有機', '質感', '日系', '戶外', '基本款', '時尚', '實用'],
  ),
  digital_product_names: [
    '酸種麵包烘焙電子書', '零基礎水彩課程', '婚禮邀請卡範本', '家庭預算表', 'Lightroom預設集', '吉他和弦手冊', '一週備餐指南', '履歷範本',
    '圖示素材包', '攝影入門（電子書）', '冥想引導音檔', '編織圖樣合集', '居家健身計畫', '可列印旅行手帳', '鋼琴樂譜集',
  ],
  materials: ['有機棉', '美麗諾羊毛', '不鏽鋼', '橡木', '竹子', '陶瓷', '亞麻', '鑄鐵', '頭層牛皮', '再生聚酯纖維', '高硼矽玻璃'],
  description_sentences: [
    '{name}採用{material}製成，經久耐用。',
    '材質：{material}。',
    '每件商品出貨前皆經人工檢驗。',
    '簡潔的設計，百搭各種風格。',
    '深受顧客喜愛的送禮首選。',
    '兩年保固，30天內免費退換貨。',
    '採用無塑膠包裝出貨。',
    '用濕布輕輕擦拭即可。',
    '{name}，細節處處用心。',
    '多種顏色可選。',
    '可與本店其他商品搭配使用。',
  ],
  category_tree: [
    {
      name: '服飾',
      children: [
        { name: '男裝', children: [{ name: '襯衫' }, { name: '褲裝' }, { name: '外套' }] },
        { name: '女裝', children: [{ name: '洋裝' }, { name: '上衣' }, { name: '裙裝' }] },
        { name: '童裝' },
      ],
    },
    { name: '配件', children: [{ name: '包包', children: [{ name: '後背包' }, { name: '購物袋' }] }, { name: '飾品' }, { name: '帽子' }] },
    { name: '居家廚房', children: [{ name: '廚具', children: [{ name: '炒鍋' }, { name: '刀具' }] }, { name: '餐具' }, { name: '居家裝飾', children: [{ name: '蠟燭' }, { name: '相框擺飾' }] }] },
    { name: '3C電子', children: [{ name: '耳機喇叭' }, { name: '手機配件' }, { name: '充電器與傳輸線' }] },
    { name: '運動戶外', children: [{ name: '健身', children: [{ name: '瑜珈' }, { name: '啞鈴' }] }, { name: '露營' }, { name: '單車' }] },
    { name: '辦公文具', children: [{ name: '紙品本冊' }, { name: '書寫用品' }] },
    { name: '寵物用品', children: [{ name: '狗狗' }, { name: '貓咪' }] },
    { name: '玩具遊戲', children: [{ name: '拼圖' }, { name: '桌遊' }] },
    { name: '數位商品', children: [{ name: '電子書' }, { name: '線上課程' }, { name: '範本' }] },
  ],
  brand_names: [
    '北風', '橡樹坊', '銀蕨', '港灣之光', '楓林小徑', '石溪', '銅葉', '清泉', '紅木坊', '杜松',
    '青隼', '松嶺', '野花集', '暖陽', '浮木', '月光石', '老果園', '青禾', '山茶', '竹影',
  ],
  brand_lines: ['兒童', '工作室', '運動', '居家', '戶外', '基礎', '旅行', '經典', '活力', '典藏'],
  tag_labels: [
    '新品', '暢銷', '特價', '限量版', '環保', '手工製作', '送禮推薦', '純素', '有機', '防水', '夏季', '冬季', '開學季', '節日禮物', '店長推薦',
    '組合', '出清', '在地製造', '再生材料', '男女適穿', '旅行', '無塑膠', '公平貿易', '客製化', '獨家', '熱門', '最後機會', '小量生產',
  ],
  variation_axes: [
    { name: '顏色', values: ['黑色', '白色', '海軍藍', '紅色', '森林綠', '沙色', '灰色', '芥末黃'] },
    { name: '尺寸', values: SIZES },
    { name: '材質', values: ['棉', '亞麻', '羊毛', '再生聚酯纖維'] },
    { name: '容量', values: ['250毫升', '350毫升', '500毫升', '750毫升', '1公升'] },
    { name: '表面處理', values: ['霧面', '亮面', '緞面', '髮絲紋'] },
    { name: '規格', values: ['單件', '2件裝', '3件裝', '6件裝'] },
  ],
  shipping_class_names: ['小型包裹', '標準包裹', '大型', '超大型', '易碎品', '信件', '重貨', '低溫配送', '扁平包裹', '貨運', '危險物品', '輕型包裹'],
  shipping_class_descriptions: ['適用於以「{name}」方式寄送的商品。', '{name}：運費由物流業者另行計算。', '配送類別：{name}'],
  shipping_method_titles: { flat_rate: '標準配送', free_shipping: '免運費', local_pickup: '門市自取' },
  tax_class_names: { standard: '標準稅率', reduced: '優惠稅率', zero: '零稅率' },
  coupon_words: ['HUANYING', 'CHUNJI', 'XIAJI', 'QIUJI', 'DONGJI', 'XIEXIE', 'VIP', 'PENGYOU', 'SHANGOU', 'ZHOUMO', 'HUIYUAN', 'SHENGRI', 'XUESHENG', 'TEJIA'],
  coupon_descriptions: {
    percentage: '訂單享{percent}%折扣',
    fixed_cart: '訂單現折{money}',
    free_shipping: '免運費',
    minimum: '滿{minimum}{label}',
  },
  brand_descriptions: ['{name}專注打造經久耐用的日常好物。', '獨立品牌{name}，小量精心設計。', '{name}：用料實在，價格公道。', '由我們的採購精選的{name}系列。'],
  label_names: ['VIP', '禮品', '優先', '批發', '易碎', '待審核', '回頭客', '待跟進', '缺貨待出', '急件', '國際訂單', '門市自取', '預購', '換貨', '高價值', '風險審核', '禮品包裝', '企業客戶', '訂閱', '運送途中損壞', '地址待確認'],
  refund_reasons: ['商品到貨時已損壞', '尺寸不合', '不想要了', '商品與描述不符', '送達太晚', '重複下單', '在別處找到更低的價格', '缺少配件', '寄錯商品', '品質不如預期'],
  order_notes: ['如果我不在，請把包裹交給鄰居。', '這是禮物，請不要附上發票。', '請按兩次門鈴。', '可以幫忙禮品包裝嗎？', '如果可以，請與我上一筆訂單一起出貨。', '到了請打電話給我。', '不急。', '生日禮物，請附上一張卡片。'],
  label_descriptions: ['標記為「{name}」的訂單。', '訂單標籤：{name}', '{name}：需另行處理'],
};
