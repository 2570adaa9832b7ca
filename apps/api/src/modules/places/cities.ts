/**
 * The built-in places provider's data: major business cities worldwide as
 * `city|region|country code` lines (region: state, province or the like; empty for city-states).
 */
const CITY_LINES = `
New York|New York|US
Los Angeles|California|US
Chicago|Illinois|US
Houston|Texas|US
Phoenix|Arizona|US
Philadelphia|Pennsylvania|US
San Antonio|Texas|US
San Diego|California|US
Dallas|Texas|US
Fort Worth|Texas|US
Austin|Texas|US
San Jose|California|US
San Francisco|California|US
Palo Alto|California|US
Menlo Park|California|US
Oakland|California|US
Irvine|California|US
Santa Monica|California|US
Sacramento|California|US
Seattle|Washington|US
Bellevue|Washington|US
Portland|Oregon|US
Denver|Colorado|US
Boulder|Colorado|US
Salt Lake City|Utah|US
Las Vegas|Nevada|US
Minneapolis|Minnesota|US
St. Louis|Missouri|US
Kansas City|Missouri|US
Omaha|Nebraska|US
Milwaukee|Wisconsin|US
Detroit|Michigan|US
Columbus|Ohio|US
Cleveland|Ohio|US
Cincinnati|Ohio|US
Indianapolis|Indiana|US
Pittsburgh|Pennsylvania|US
Baltimore|Maryland|US
Bethesda|Maryland|US
Washington|District of Columbia|US
Arlington|Virginia|US
Richmond|Virginia|US
Charlotte|North Carolina|US
Raleigh|North Carolina|US
Atlanta|Georgia|US
Nashville|Tennessee|US
Memphis|Tennessee|US
Louisville|Kentucky|US
Miami|Florida|US
Tampa|Florida|US
Orlando|Florida|US
Jacksonville|Florida|US
West Palm Beach|Florida|US
Boca Raton|Florida|US
New Orleans|Louisiana|US
Boston|Massachusetts|US
Cambridge|Massachusetts|US
Providence|Rhode Island|US
Hartford|Connecticut|US
Stamford|Connecticut|US
Greenwich|Connecticut|US
New Haven|Connecticut|US
Jersey City|New Jersey|US
Newark|New Jersey|US
Princeton|New Jersey|US
Short Hills|New Jersey|US
White Plains|New York|US
Rye|New York|US
Buffalo|New York|US
Albany|New York|US
Wilmington|Delaware|US
Oklahoma City|Oklahoma|US
Tulsa|Oklahoma|US
Albuquerque|New Mexico|US
Honolulu|Hawaii|US
Anchorage|Alaska|US
Des Moines|Iowa|US
Birmingham|Alabama|US
Charleston|South Carolina|US
Greenville|South Carolina|US
Boise|Idaho|US
San Juan|Puerto Rico|US
Toronto|Ontario|CA
Ottawa|Ontario|CA
Mississauga|Ontario|CA
Waterloo|Ontario|CA
Montreal|Quebec|CA
Quebec City|Quebec|CA
Vancouver|British Columbia|CA
Victoria|British Columbia|CA
Calgary|Alberta|CA
Edmonton|Alberta|CA
Winnipeg|Manitoba|CA
Halifax|Nova Scotia|CA
Mexico City|Mexico City|MX
Monterrey|Nuevo León|MX
Guadalajara|Jalisco|MX
Panama City|Panamá|PA
San José|San José|CR
Guatemala City|Guatemala|GT
Kingston|Kingston|JM
Nassau|New Providence|BS
Hamilton|Pembroke|BM
George Town|Grand Cayman|KY
Bridgetown|Saint Michael|BB
Santo Domingo|Distrito Nacional|DO
São Paulo|São Paulo|BR
Rio de Janeiro|Rio de Janeiro|BR
Belo Horizonte|Minas Gerais|BR
Brasília|Distrito Federal|BR
Porto Alegre|Rio Grande do Sul|BR
Curitiba|Paraná|BR
Buenos Aires|Buenos Aires|AR
Córdoba|Córdoba|AR
Santiago|Santiago Metropolitan|CL
Lima|Lima|PE
Bogotá|Bogotá|CO
Medellín|Antioquia|CO
Quito|Pichincha|EC
Caracas|Capital District|VE
Montevideo|Montevideo|UY
Asunción|Asunción|PY
La Paz|La Paz|BO
London|England|GB
Manchester|England|GB
Birmingham|England|GB
Leeds|England|GB
Bristol|England|GB
Liverpool|England|GB
Newcastle upon Tyne|England|GB
Oxford|England|GB
Cambridge|England|GB
Reading|England|GB
Edinburgh|Scotland|GB
Glasgow|Scotland|GB
Aberdeen|Scotland|GB
Cardiff|Wales|GB
Belfast|Northern Ireland|GB
St Helier|Jersey|JE
St Peter Port|Guernsey|GG
Douglas|Isle of Man|IM
Dublin|Leinster|IE
Cork|Munster|IE
Galway|Connacht|IE
Paris|Île-de-France|FR
Lyon|Auvergne-Rhône-Alpes|FR
Marseille|Provence-Alpes-Côte d'Azur|FR
Nice|Provence-Alpes-Côte d'Azur|FR
Toulouse|Occitanie|FR
Bordeaux|Nouvelle-Aquitaine|FR
Lille|Hauts-de-France|FR
Strasbourg|Grand Est|FR
Nantes|Pays de la Loire|FR
Monaco|Monaco|MC
Brussels|Brussels-Capital|BE
Antwerp|Flanders|BE
Ghent|Flanders|BE
Luxembourg|Luxembourg|LU
Amsterdam|North Holland|NL
Rotterdam|South Holland|NL
The Hague|South Holland|NL
Utrecht|Utrecht|NL
Eindhoven|North Brabant|NL
Berlin|Berlin|DE
Munich|Bavaria|DE
Frankfurt|Hesse|DE
Hamburg|Hamburg|DE
Cologne|North Rhine-Westphalia|DE
Düsseldorf|North Rhine-Westphalia|DE
Stuttgart|Baden-Württemberg|DE
Leipzig|Saxony|DE
Dresden|Saxony|DE
Hanover|Lower Saxony|DE
Nuremberg|Bavaria|DE
Bonn|North Rhine-Westphalia|DE
Zurich|Zurich|CH
Geneva|Geneva|CH
Basel|Basel-Stadt|CH
Bern|Bern|CH
Lausanne|Vaud|CH
Zug|Zug|CH
Lugano|Ticino|CH
Vaduz|Vaduz|LI
Vienna|Vienna|AT
Salzburg|Salzburg|AT
Graz|Styria|AT
Innsbruck|Tyrol|AT
Madrid|Community of Madrid|ES
Barcelona|Catalonia|ES
Valencia|Valencian Community|ES
Seville|Andalusia|ES
Málaga|Andalusia|ES
Bilbao|Basque Country|ES
Palma|Balearic Islands|ES
Lisbon|Lisbon|PT
Porto|Porto|PT
Milan|Lombardy|IT
Rome|Lazio|IT
Turin|Piedmont|IT
Florence|Tuscany|IT
Naples|Campania|IT
Bologna|Emilia-Romagna|IT
Venice|Veneto|IT
Genoa|Liguria|IT
Valletta|Valletta|MT
Athens|Attica|GR
Thessaloniki|Central Macedonia|GR
Nicosia|Nicosia|CY
Limassol|Limassol|CY
Copenhagen|Capital Region|DK
Aarhus|Central Denmark|DK
Stockholm|Stockholm County|SE
Gothenburg|Västra Götaland|SE
Malmö|Skåne|SE
Oslo|Oslo|NO
Bergen|Vestland|NO
Stavanger|Rogaland|NO
Helsinki|Uusimaa|FI
Espoo|Uusimaa|FI
Reykjavík|Capital Region|IS
Tallinn|Harju County|EE
Riga|Riga|LV
Vilnius|Vilnius County|LT
Warsaw|Masovian|PL
Kraków|Lesser Poland|PL
Wrocław|Lower Silesian|PL
Gdańsk|Pomeranian|PL
Poznań|Greater Poland|PL
Prague|Prague|CZ
Brno|South Moravian|CZ
Bratislava|Bratislava|SK
Budapest|Budapest|HU
Bucharest|Bucharest|RO
Cluj-Napoca|Cluj|RO
Sofia|Sofia City|BG
Belgrade|Belgrade|RS
Zagreb|Zagreb|HR
Ljubljana|Ljubljana|SI
Kyiv|Kyiv|UA
Lviv|Lviv|UA
Chișinău|Chișinău|MD
Tbilisi|Tbilisi|GE
Yerevan|Yerevan|AM
Baku|Baku|AZ
Istanbul|Istanbul|TR
Ankara|Ankara|TR
Izmir|Izmir|TR
Moscow|Moscow|RU
Saint Petersburg|Saint Petersburg|RU
Almaty|Almaty|KZ
Astana|Astana|KZ
Tashkent|Tashkent|UZ
Tel Aviv|Tel Aviv District|IL
Jerusalem|Jerusalem District|IL
Haifa|Haifa District|IL
Dubai|Dubai|AE
Abu Dhabi|Abu Dhabi|AE
Sharjah|Sharjah|AE
Doha|Doha|QA
Riyadh|Riyadh Province|SA
Jeddah|Makkah Province|SA
Kuwait City|Al Asimah|KW
Manama|Capital Governorate|BH
Muscat|Muscat|OM
Amman|Amman|JO
Beirut|Beirut|LB
Cairo|Cairo|EG
Alexandria|Alexandria|EG
Casablanca|Casablanca-Settat|MA
Rabat|Rabat-Salé-Kénitra|MA
Tunis|Tunis|TN
Algiers|Algiers|DZ
Lagos|Lagos|NG
Abuja|Federal Capital Territory|NG
Accra|Greater Accra|GH
Abidjan|Abidjan|CI
Dakar|Dakar|SN
Nairobi|Nairobi|KE
Mombasa|Mombasa|KE
Kampala|Central Region|UG
Kigali|Kigali|RW
Dar es Salaam|Dar es Salaam|TZ
Addis Ababa|Addis Ababa|ET
Johannesburg|Gauteng|ZA
Pretoria|Gauteng|ZA
Cape Town|Western Cape|ZA
Durban|KwaZulu-Natal|ZA
Gaborone|South-East|BW
Windhoek|Khomas|NA
Lusaka|Lusaka|ZM
Harare|Harare|ZW
Port Louis|Port Louis|MU
Luanda|Luanda|AO
Mumbai|Maharashtra|IN
Pune|Maharashtra|IN
New Delhi|Delhi|IN
Gurugram|Haryana|IN
Noida|Uttar Pradesh|IN
Bengaluru|Karnataka|IN
Hyderabad|Telangana|IN
Chennai|Tamil Nadu|IN
Kolkata|West Bengal|IN
Ahmedabad|Gujarat|IN
Karachi|Sindh|PK
Lahore|Punjab|PK
Islamabad|Islamabad Capital Territory|PK
Dhaka|Dhaka Division|BD
Colombo|Western Province|LK
Kathmandu|Bagmati|NP
Singapore||SG
Kuala Lumpur|Federal Territory of Kuala Lumpur|MY
Penang|Penang|MY
Bangkok|Bangkok|TH
Ho Chi Minh City|Ho Chi Minh City|VN
Hanoi|Hanoi|VN
Jakarta|Jakarta|ID
Surabaya|East Java|ID
Manila|Metro Manila|PH
Makati|Metro Manila|PH
Cebu City|Cebu|PH
Phnom Penh|Phnom Penh|KH
Yangon|Yangon Region|MM
Hong Kong||HK
Macau||MO
Taipei|Taipei|TW
Taichung|Taichung|TW
Kaohsiung|Kaohsiung|TW
Shanghai|Shanghai|CN
Beijing|Beijing|CN
Shenzhen|Guangdong|CN
Guangzhou|Guangdong|CN
Hangzhou|Zhejiang|CN
Chengdu|Sichuan|CN
Wuhan|Hubei|CN
Nanjing|Jiangsu|CN
Suzhou|Jiangsu|CN
Tianjin|Tianjin|CN
Chongqing|Chongqing|CN
Xi'an|Shaanxi|CN
Qingdao|Shandong|CN
Xiamen|Fujian|CN
Tokyo|Tokyo|JP
Osaka|Osaka|JP
Yokohama|Kanagawa|JP
Nagoya|Aichi|JP
Kyoto|Kyoto|JP
Fukuoka|Fukuoka|JP
Sapporo|Hokkaido|JP
Kobe|Hyogo|JP
Seoul|Seoul|KR
Busan|Busan|KR
Incheon|Incheon|KR
Ulaanbaatar|Ulaanbaatar|MN
Sydney|New South Wales|AU
Melbourne|Victoria|AU
Brisbane|Queensland|AU
Perth|Western Australia|AU
Adelaide|South Australia|AU
Canberra|Australian Capital Territory|AU
Gold Coast|Queensland|AU
Hobart|Tasmania|AU
Darwin|Northern Territory|AU
Auckland|Auckland|NZ
Wellington|Wellington|NZ
Christchurch|Canterbury|NZ
Suva|Central Division|FJ
`;

export interface BuiltinCity {
  /** Stable key: lower-case country code and a slug of the city and region. */
  key: string;
  name: string;
  region: string;
  country: string;
}

export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower case without accents, for matching typed text. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export const BUILTIN_CITIES: readonly BuiltinCity[] = CITY_LINES.trim()
  .split('\n')
  .map((line) => {
    const [name = '', region = '', country = ''] = line.split('|');
    return { key: `${country.toLowerCase()}:${slugify(`${name} ${region}`)}`, name, region, country };
  });
