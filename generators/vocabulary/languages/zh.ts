/** Chinese (simplified) catalogue words: a descriptive prefix joined to the noun without a space (北欧风台灯); sentences end in 。 and are not spaced. */
import type { Vocabulary } from '../types.ts';
import { invariable, SIZES } from './build.ts';

export const ZH: Partial<Vocabulary> = {
  ...invariable(
    'before',
    '',
    [
      'T恤', '连帽卫衣', '牛仔夹克', '羊毛衫', '雨衣', '休闲裤', '毛线帽', '棒球帽', '围巾', '皮带', '帆布鞋', '登山靴', '双肩包', '托特包', '钱包',
      '太阳镜', '手表', '马克杯', '保温杯', '水壶', '茶壶', '厨师刀', '砧板', '铸铁锅', '沙拉碗', '台灯', '毛毯', '抱枕套', '香薰蜡烛', '花盆',
      '挂钟', '相框', '浴巾', '笔记本', '钢笔', '手机壳', '无线充电器', '蓝牙音箱', '耳机', '瑜伽垫', '吊床',
    ],
    ['经典', '简约', '手工', '轻便', '防水', '北欧风', '复古', '精选', '有机', '便携', '日式', '户外', '基础款', '时尚', '实用'],
  ),
  digital_product_names: [
    '酸面包烘焙电子书', '零基础水彩课程', '婚礼请柬模板', '家庭预算表格', 'Lightroom预设合集', '吉他和弦手册', '一周备餐指南', '简历模板',
    '图标素材包', '摄影入门（电子书）', '冥想引导音频', '编织图案合集', '居家健身计划', '可打印旅行手账', '钢琴曲谱集',
  ],
  materials: ['有机棉', '美利奴羊毛', '不锈钢', '橡木', '竹子', '陶瓷', '亚麻', '铸铁', '头层牛皮', '再生聚酯纤维', '高硼硅玻璃'],
  description_sentences: [
    '{name}采用{material}制成，经久耐用。',
    '材质：{material}。',
    '每件产品出厂前都经过人工检验。',
    '简洁的设计，百搭各种风格。',
    '深受顾客喜爱的送礼佳品。',
    '两年质保，30天内免费退换。',
    '采用无塑料包装发货。',
    '用湿布轻轻擦拭即可。',
    '{name}，细节处处用心。',
    '多种颜色可选。',
    '可与本店其他商品搭配使用。',
  ],
  category_tree: [
    {
      name: '服装',
      children: [
        { name: '男装', children: [{ name: '衬衫' }, { name: '裤装' }, { name: '外套' }] },
        { name: '女装', children: [{ name: '连衣裙' }, { name: '上衣' }, { name: '半身裙' }] },
        { name: '童装' },
      ],
    },
    { name: '配饰', children: [{ name: '箱包', children: [{ name: '背包' }, { name: '购物袋' }] }, { name: '首饰' }, { name: '帽子' }] },
    { name: '家居厨房', children: [{ name: '厨具', children: [{ name: '炒锅' }, { name: '刀具' }] }, { name: '餐具' }, { name: '家居装饰', children: [{ name: '蜡烛' }, { name: '相框摆台' }] }] },
    { name: '数码电子', children: [{ name: '耳机音箱' }, { name: '手机配件' }, { name: '充电器与数据线' }] },
    { name: '运动户外', children: [{ name: '健身', children: [{ name: '瑜伽' }, { name: '哑铃' }] }, { name: '露营' }, { name: '骑行' }] },
    { name: '办公文具', children: [{ name: '本册' }, { name: '笔类' }] },
    { name: '宠物用品', children: [{ name: '狗狗' }, { name: '猫咪' }] },
    { name: '玩具游戏', children: [{ name: '拼图' }, { name: '桌游' }] },
    { name: '数字商品', children: [{ name: '电子书' }, { name: '在线课程' }, { name: '模板' }] },
  ],
  brand_names: [
    '北风', '橡树坊', '银蕨', '港湾之光', '枫林小径', '石溪', '铜叶', '清泉', '红木坊', '杜松',
    '青隼', '松岭', '野花集', '暖阳', '浮木', '月光石', '老果园', '青禾', '山茶', '竹影',
  ],
  brand_lines: ['儿童', '工作室', '运动', '家居', '户外', '基础', '旅行', '经典', '活力', '典藏'],
  tag_labels: [
    '新品', '畅销', '特价', '限量版', '环保', '手工制作', '送礼推荐', '纯素', '有机', '防水', '夏季', '冬季', '开学季', '节日礼物', '店长推荐',
    '套装', '清仓', '本地制造', '再生材料', '男女同款', '旅行', '无塑料', '公平贸易', '定制', '独家', '热门', '最后机会', '小批量',
  ],
  variation_axes: [
    { name: '颜色', values: ['黑色', '白色', '藏青色', '红色', '森林绿', '沙色', '灰色', '芥末黄'] },
    { name: '尺码', values: SIZES },
    { name: '材质', values: ['棉', '亚麻', '羊毛', '再生聚酯纤维'] },
    { name: '容量', values: ['250毫升', '350毫升', '500毫升', '750毫升', '1升'] },
    { name: '工艺', values: ['哑光', '亮面', '缎面', '拉丝'] },
    { name: '规格', values: ['单件', '2件装', '3件装', '6件装'] },
  ],
  shipping_class_names: ['小件包裹', '标准包裹', '大件', '超大件', '易碎品', '信件', '重货', '冷链', '扁平包裹', '货运', '危险品', '轻件'],
  shipping_class_descriptions: ['适用于以“{name}”方式发货的商品。', '{name}：运费由承运商另行计算。', '配送类别：{name}'],
  shipping_method_titles: { flat_rate: '标准配送', free_shipping: '免运费', local_pickup: '到店自提' },
  tax_class_names: { standard: '标准税率', reduced: '优惠税率', zero: '零税率' },
  coupon_words: ['HUANYING', 'CHUNJI', 'XIAJI', 'QIUJI', 'DONGJI', 'XIEXIE', 'VIP', 'PENGYOU', 'SHANGOU', 'ZHOUMO', 'HUIYUAN', 'SHENGRI', 'XUESHENG', 'TEJIA'],
  coupon_descriptions: {
    percentage: '订单享{percent}%优惠',
    fixed_cart: '订单立减{money}',
    free_shipping: '免运费',
    minimum: '满{minimum}{label}',
  },
  brand_descriptions: ['{name}专注打造经久耐用的日常好物。', '独立品牌{name}，小批量精心设计。', '{name}：用料实在，价格公道。', '由我们的买手精选的{name}系列。'],
  label_names: ['VIP', '礼品', '优先', '批发', '易碎', '待审核', '回头客', '待跟进', '缺货待发', '加急', '国际订单', '到店自提', '预售', '换货', '高价值', '风控审核', '礼品包装', '企业客户', '订阅', '运输途中损坏', '地址待核实'],
  refund_reasons: ['商品到货时已损坏', '尺码不合适', '不想要了', '商品与描述不符', '送达太晚', '重复下单', '在别处找到更低价格', '缺少配件', '发错商品', '质量不如预期'],
  order_notes: ['如果我不在，请把包裹交给邻居。', '这是礼物，请不要放发票。', '请按两次门铃。', '可以帮忙礼品包装吗？', '如可以，请与我上一笔订单一起发货。', '到了请给我打电话。', '不着急。', '生日礼物，请附上一张贺卡。'],
  label_descriptions: ['标记为“{name}”的订单。', '订单标签：{name}', '{name}：需单独处理'],
};
