/**
 * Word pools, each entry in English and Chinese: industries with their products,
 * company name parts, company tags, exhibition services and well-known shows.
 */
import type { Term } from './text.js';

/** An industry: its canonical English and Chinese tags and typical products. */
export interface Industry {
  readonly term: Term;
  readonly products: readonly Term[];
}

/** A service that providers offer, and the word it puts in a company name. */
export interface Service {
  readonly term: Term;
  readonly companyWord: Term;
}

/** A famous recurring show, held in one city. */
export interface FlagshipShow {
  readonly city: string;
  readonly name: Term;
  readonly industries: readonly string[];
}

const industry = (en: string, cn: string, products: Term[]): Industry => ({ term: [en, cn], products });

/** Industries, each with four typical products. */
export const INDUSTRIES: readonly Industry[] = [
  industry('Automotive', '汽车', [
    ['Electric vehicles', '电动汽车'],
    ['Car infotainment', '车载信息娱乐'],
    ['ADAS sensors', '驾驶辅助传感器'],
    ['Charging piles', '充电桩'],
  ]),
  industry('Auto Parts', '汽车零部件', [
    ['Brake pads', '刹车片'],
    ['Tires', '轮胎'],
    ['Spark plugs', '火花塞'],
    ['Car lighting', '车灯'],
  ]),
  industry('Electronics', '电子', [
    ['Printed circuit boards', '印刷电路板'],
    ['Connectors', '连接器'],
    ['Smart home devices', '智能家居设备'],
    ['Power banks', '移动电源'],
  ]),
  industry('Lighting', '照明', [
    ['LED panels', 'LED面板灯'],
    ['Street lights', '路灯'],
    ['Smart lighting', '智能照明'],
    ['Stage lighting', '舞台灯光'],
  ]),
  industry('Textiles', '纺织', [
    ['Home textiles', '家用纺织品'],
    ['Technical fabrics', '功能性面料'],
    ['Yarn', '纱线'],
    ['Denim', '牛仔布'],
  ]),
  industry('Food & Beverage', '食品饮料', [
    ['Tea', '茶叶'],
    ['Frozen seafood', '冷冻海产品'],
    ['Snacks', '休闲食品'],
    ['Wine', '葡萄酒'],
  ]),
  industry('Medical Devices', '医疗器械', [
    ['Ultrasound systems', '超声设备'],
    ['Disposable syringes', '一次性注射器'],
    ['Patient monitors', '病人监护仪'],
    ['Rehabilitation equipment', '康复设备'],
  ]),
  industry('Machinery', '机械', [
    ['CNC machine tools', '数控机床'],
    ['Injection molding machines', '注塑机'],
    ['Industrial pumps', '工业泵'],
    ['Bearings', '轴承'],
  ]),
  industry('Furniture', '家具', [
    ['Office chairs', '办公椅'],
    ['Sofas', '沙发'],
    ['Outdoor furniture', '户外家具'],
    ['Kitchen cabinets', '橱柜'],
  ]),
  industry('Renewable Energy', '新能源', [
    ['Solar panels', '太阳能电池板'],
    ['Wind turbines', '风力发电机'],
    ['Energy storage systems', '储能系统'],
    ['Inverters', '逆变器'],
  ]),
  industry('Packaging', '包装', [
    ['Corrugated boxes', '瓦楞纸箱'],
    ['Flexible packaging', '软包装'],
    ['Labels', '标签'],
    ['Packaging machinery', '包装机械'],
  ]),
  industry('Chemicals', '化工', [
    ['Coatings', '涂料'],
    ['Adhesives', '胶粘剂'],
    ['Plastic resins', '塑料树脂'],
    ['Pigments', '颜料'],
  ]),
  industry('Robotics', '机器人', [
    ['Industrial robots', '工业机器人'],
    ['Cobots', '协作机器人'],
    ['AGVs', '自动导引车'],
    ['Machine vision', '机器视觉'],
  ]),
  industry('Building Materials', '建材', [
    ['Ceramic tiles', '瓷砖'],
    ['Architectural glass', '建筑玻璃'],
    ['Sanitary ware', '卫浴洁具'],
    ['Aluminium profiles', '铝型材'],
  ]),
  industry('Cosmetics', '美容化妆品', [
    ['Skin care', '护肤品'],
    ['Fragrances', '香水'],
    ['Hair care', '护发产品'],
    ['Private-label cosmetics', '化妆品代工'],
  ]),
  industry('Toys', '玩具', [
    ['Educational toys', '益智玩具'],
    ['Plush toys', '毛绒玩具'],
    ['RC models', '遥控模型'],
    ['Baby products', '母婴用品'],
  ]),
  industry('Agriculture', '农业', [
    ['Tractors', '拖拉机'],
    ['Fertilizers', '化肥'],
    ['Irrigation systems', '灌溉系统'],
    ['Seeds', '种子'],
  ]),
];

/** Looks an industry up by its canonical English tag. */
export function industryNamed(en: string): Industry {
  const found = INDUSTRIES.find((candidate) => candidate.term[0] === en);
  if (!found) throw new Error(`unknown industry ${en}`);
  return found;
}

/** Brand words of Chinese companies (Chinese, pinyin). */
export const CHINESE_BRANDS: readonly Term[] = [
  ['Huaguang', '华光'],
  ['Yuanhang', '远航'],
  ['Jinding', '金鼎'],
  ['Hengtong', '恒通'],
  ['Ruifeng', '瑞丰'],
  ['Xinyuan', '新源'],
  ['Hongda', '宏达'],
  ['Tiancheng', '天成'],
  ['Boyuan', '博远'],
  ['Antai', '安泰'],
  ['Xinsheng', '鑫盛'],
  ['Haina', '海纳'],
  ['Lianchuang', '联创'],
  ['Dingxin', '鼎信'],
  ['Yongxing', '永兴'],
  ['Jinggong', '精工'],
  ['Minghui', '明辉'],
  ['Jiahe', '嘉禾'],
  ['Baichuan', '百川'],
  ['Jincheng', '锦程'],
];

/** Brand words of foreign companies (Latin, Chinese transliteration). */
export const FOREIGN_BRANDS: readonly Term[] = [
  ['Kessler', '凯斯勒'],
  ['Nordwerk', '诺德维克'],
  ['Lumina', '卢米纳'],
  ['Helios', '赫利俄斯'],
  ['Orbis', '奥比斯'],
  ['Brightwell', '布莱特威尔'],
  ['Fontana', '丰塔纳'],
  ['Marchetti', '马尔凯蒂'],
  ['Delacroix', '德拉克洛瓦'],
  ['Hoshino', '星野'],
  ['Al Noor', '艾努尔'],
  ['Costa Verde', '科斯塔维德'],
  ['Kapoor', '卡普尔'],
  ['Siam Star', '暹罗之星'],
  ['Meridian', '美瑞迪安'],
];

/** Words describing a manufacturer's business in its name. */
export const COMPANY_TYPES: readonly Term[] = [
  ['Technology', '科技'],
  ['Industrial', '实业'],
  ['Manufacturing', '制造'],
  ['Trading', '贸易'],
  ['Import & Export', '进出口'],
];

/** General tags describing an exhibitor. */
export const COMPANY_TAGS: readonly Term[] = [
  ['Manufacturer', '生产厂家'],
  ['OEM', 'OEM'],
  ['ODM', 'ODM'],
  ['Exporter', '出口商'],
  ['Trading company', '贸易公司'],
  ['ISO 9001', 'ISO 9001'],
  ['CE certified', 'CE认证'],
  ['High-tech enterprise', '高新技术企业'],
  ['Family-owned', '家族企业'],
  ['Listed company', '上市公司'],
  ['Startup', '初创企业'],
  ['Green factory', '绿色工厂'],
  ['Fortune 500 supplier', '世界500强供应商'],
];

const service = (term: Term, companyWord: Term): Service => ({ term, companyWord });

/** Services for exhibitors. */
export const SERVICES: readonly Service[] = [
  service(['Booth design', '展台设计'], ['Exhibition Design', '展览设计']),
  service(['Booth construction', '展台搭建'], ['Exhibition Engineering', '展览工程']),
  service(['Logistics', '物流'], ['International Logistics', '国际物流']),
  service(['Freight forwarding', '货运代理'], ['Freight', '货运代理']),
  service(['Customs clearance', '报关清关'], ['Customs Brokerage', '报关']),
  service(['Translation', '翻译'], ['Translation', '翻译服务']),
  service(['Interpretation', '口译'], ['Language Services', '语言服务']),
  service(['Visa', '签证'], ['Business Services', '商务服务']),
  service(['Travel & hotel', '差旅住宿'], ['Travel', '国际旅行社']),
  service(['Printing', '印刷'], ['Printing', '印务']),
  service(['Photography & video', '摄影摄像'], ['Media', '文化传媒']),
  service(['AV equipment rental', '视听设备租赁'], ['AV Solutions', '视听技术']),
  service(['Furniture rental', '展具租赁'], ['Expo Rentals', '展具租赁']),
  service(['Event staffing', '会展人员服务'], ['Event Staffing', '会展人力资源']),
  service(['Marketing', '营销推广'], ['Marketing', '营销策划']),
];

const show = (city: string, en: string, cn: string, industries: string[]): FlagshipShow => ({
  city,
  name: [en, cn],
  industries,
});

/** Well-known shows, used for some exhibitions and in exhibit histories. */
export const FLAGSHIP_SHOWS: readonly FlagshipShow[] = [
  show('Shanghai', 'China International Import Expo', '中国国际进口博览会', [
    'Food & Beverage',
    'Medical Devices',
    'Electronics',
    'Automotive',
  ]),
  show('Shanghai', 'Auto Shanghai', '上海国际汽车工业展览会', ['Automotive', 'Auto Parts']),
  show('Guangzhou', 'Canton Fair', '中国进出口商品交易会', ['Electronics', 'Machinery', 'Furniture', 'Textiles']),
  show('Guangzhou', 'Guangzhou International Lighting Exhibition', '广州国际照明展览会', ['Lighting']),
  show('Shenzhen', 'China Hi-Tech Fair', '中国国际高新技术成果交易会', ['Electronics', 'Robotics']),
  show('Las Vegas', 'CES', '国际消费类电子产品展览会', ['Electronics']),
  show('Hannover', 'Hannover Messe', '汉诺威工业博览会', ['Machinery', 'Robotics', 'Renewable Energy']),
  show('Frankfurt am Main', 'Light + Building', '法兰克福国际照明及建筑技术展', ['Lighting', 'Building Materials']),
  show('Frankfurt am Main', 'Automechanika Frankfurt', '法兰克福国际汽车零配件展', ['Auto Parts']),
  show('Köln', 'Anuga', '科隆国际食品展', ['Food & Beverage']),
  show('Paris', 'SIAL Paris', '巴黎国际食品展', ['Food & Beverage']),
  show('Milan', 'Salone del Mobile.Milano', '米兰国际家具展', ['Furniture']),
  show('Dubai', 'Gulfood', '迪拜海湾食品展', ['Food & Beverage']),
  show('Chicago', 'IMTS', '芝加哥国际制造技术展', ['Machinery']),
  show('Bangkok', 'THAIFEX', '泰国国际食品展', ['Food & Beverage']),
];
