import Foundation

/// The values of the API's large enums that `serve` carries as scalars (see `ScalarValues`):
/// a value outside these is refused like an unknown enum value. ISO 3166 countries (with the
/// API's extras: AC, TA, XK, ZZ), the API's languages (ISO 639 with regional variants) and ISO 4217
/// currencies, as in version 2026-04.
enum EnumCodes {
    static let countries = words("""
        AC AD AE AF AG AI AL AM AN AO AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
        BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
        EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GW GY HK HM HN HR
        HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK
        LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG
        NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PS PT PY QA RE RO RS RU RW SA SB SC SD SE SG
        SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
        UA UG UM US UY UZ VA VC VE VG VN VU WF WS XK YE YT ZA ZM ZW ZZ
        """)

    static let languages = words("""
        AF AK AM AR AS AZ BE BG BM BN BO BR BS CA CE CKB CS CU CY DA DE DZ EE EL EN EO ES ET EU FA FF FI
        FIL FO FR FY GA GD GL GU GV HA HE HI HR HU HY IA ID IG II IS IT JA JV KA KI KK KL KM KN KO KS KU
        KW KY LA LB LG LN LO LT LU LV MG MI MK ML MN MO MR MS MT MY NB ND NE NL NN NO OM OR OS PA PL PS
        PT PT_BR PT_PT QU RM RN RO RU RW SA SC SD SE SG SH SI SK SL SN SO SQ SR SU SV SW TA TE TG TH TI
        TK TO TR TT UG UK UR UZ VI VO WO XH YI YO ZH ZH_CN ZH_TW ZU
        """)

    static let currencies = words("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN
        BYR BZD CAD CDF CHF CLP CNY COP CRC CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS
        GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JEP JMD JOD JPY KES KGS KHR KID
        KMF KRW KWD KYD KZT LAK LBP LKR LRD LSL LTL LVL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK
        MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD
        SCR SDG SEK SGD SHP SLL SOS SRD SSP STD STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX
        USD UYU UZS VED VEF VES VND VUV WST XAF XCD XOF XPF XXX YER ZAR ZMW
        """)

    private static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
}
